"""Kernel tables as fast paths: one table covering every position up to a bound, then look-ups.

Each class here is a *fast path* (see :mod:`nimlab.solve`): a game lists it by dotted name in
its ``fast_paths`` and the dispatcher asks :meth:`KernelTable.answer`, which applies when the
position's size lies between ``low`` (below it the generic solver is as quick) and ``high`` (the
largest table built for one question).  Tables come from the result store
(:mod:`nimlab.store`) and are kept in memory, the largest per game, for the next question.

* :class:`SharingTable` - 3-pile Sharing Nim, values (Lemma 1: the spread bounds every option's);
* :class:`EndNimTable` - End-Nim rows of 1 to 3 piles, values (no option has a larger pile);
* :class:`SubtractionTable` - NIM(A), values for ``n <= bound``;
* :class:`FibonacciTable` - P/N outcomes only (piles ``<= bound``, ``piles`` of them);
* :class:`CashTable` - P/N outcomes only (``n <= bound``; money beyond ``n`` is never spent);
* :class:`WythoffTable` - Wythoff's game, values for both piles ``<= bound``;
* :class:`AWythoffTable` - Fraenkel's a-Wythoff games (``a >= 2``), values likewise;
* :class:`EndNim4Table` - End-Nim rows of 4 piles, values;
* :class:`GraphNimTable` - Graph Nim on a digraph of 2 to 4 vertices, values (spread ``<= bound``);
* :class:`Sharing4Table` - 4-pile Sharing Nim, values (the key's total ``<= bound``).

:func:`table_solver` wraps one table in the old ``value``/``outcome``/``analyse`` interface::

    solver = table_solver("sharing", 2000)
    solver.value((5, 700, 1900)), solver.outcome((0, 4, 8))

A position outside the table raises :class:`~nimlab.errors.InputError`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from nimlab import store
from nimlab.engine.analysis import Analysis, Answer, Option, outcome_of
from nimlab.errors import InputError
from nimlab.games import make_game
from nimlab.games.base import ImpartialGame


class KernelTable:
    """A fast path answering from a compiled kernel's table; subclasses fill in the hooks."""

    method = "kernel table"
    #: The game (command-line name) the table belongs to.
    game_name: ClassVar[str] = ""
    #: Whether the table holds Sprague-Grundy values (else P/N outcomes only).
    values: ClassVar[bool] = True
    #: Sizes this fast path answers for: at least ``low`` and at most ``high``.
    low: ClassVar[int] = 0
    high: ClassVar[int] = 0
    #: Sizes whose table builds in well under a second (``None``: up to ``high``); the web
    #: lab's fast lane answers them (:meth:`quick`).
    quick_size: ClassVar[int | None] = None
    source: ClassVar[str] = ""
    #: What the bound of a table measures, for the answer's source.
    bound_name: ClassVar[str] = "piles up to"
    #: :meth:`answer` takes ``need_move=False`` (the dispatcher's options skip the move search).
    skips_move: ClassVar[bool] = True

    def __init__(self) -> None:
        self._tables: dict[tuple, tuple[int, Any]] = {}

    # ------------------------------------------------------------------ hooks
    def size(self, game: ImpartialGame, position: Any) -> int | None:
        """The table bound ``position`` needs, or ``None`` when no table of this kind covers it."""
        raise NotImplementedError

    def build(self, game: ImpartialGame, bound: int, use_cache: bool) -> Any:
        raise NotImplementedError

    def lookup(self, table: Any, bound: int, game: ImpartialGame, position: Any) -> int:
        """The value (or, for outcome tables, 0 at a P-position and 1 elsewhere)."""
        raise NotImplementedError

    @classmethod
    def suits(cls, game: ImpartialGame) -> bool:
        """Whether this kind of table holds the values of ``game``'s rules (one kind of a game
        may be for some of its options only)."""
        return True

    # ------------------------------------------------------------- machinery
    def ident(self, game: ImpartialGame) -> tuple:
        """What tells two games' tables apart (the game's kind and parameters)."""
        return (type(game), tuple(sorted(game.params().items())))

    def table(self, game: ImpartialGame, bound: int, use_cache: bool = True) -> tuple[int, Any]:
        ident = self.ident(game)
        held = self._tables.get(ident)
        if held is None or held[0] < bound:
            held = self._tables[ident] = (bound, self.build(game, bound, use_cache))
        return held

    def covers(self, game: ImpartialGame, position: Any) -> bool:
        size = self.size(game, position)
        if size is None or size < self.low:
            return False
        held = self._tables.get(self.ident(game))
        return size <= self.high or (held is not None and size <= held[0])

    def ready(self, game: ImpartialGame, position: Any) -> bool | None:
        """``None`` when this path does not answer ``position``; else whether the table it
        needs is already in memory (a look-up, nothing to build)."""
        if not self.covers(game, position):
            return None
        held = self._tables.get(self.ident(game))
        return held is not None and self.size(game, position) <= held[0]

    def quick(self, game: ImpartialGame, position: Any) -> bool:
        """Whether the table ``position`` needs is in memory or quick to build (at most
        :attr:`quick_size`): a look-up either way, an answer within a second."""
        if not self.covers(game, position):
            return False
        size = self.size(game, position)
        held = self._tables.get(self.ident(game))
        return (held is not None and size <= held[0]) or \
            size <= (self.high if self.quick_size is None else self.quick_size)

    def answer(self, game: ImpartialGame, position: Any, need_move: bool = True
               ) -> Answer | None:
        if not self.covers(game, position):
            return None
        size = self.size(game, position)
        bound, table = self.table(game, size)
        code = self.lookup(table, bound, game, position)
        move = None
        if code and need_move:
            for m, q in game.options(position):
                if self.lookup(table, bound, game, q) == 0:
                    move = m
                    break
        return Answer(outcome_of(code), code if self.values else None, self.method,
                      f"{self.source}, {self.bound_name} {size}", move)


class SharingTable(KernelTable):
    game_name = "sharing"
    # 4,000: a 16-million-cell table, a second or two to build and 32 MB (larger tables come
    # from `nimlab table sharing --max N`, which the store keeps and this path then reuses).
    low, high = 40, 4_000
    quick_size = 1_000        # a million cells: a tenth of a second
    source = "3-pile Sharing Nim table of nimlab.kernels.sharing"
    bound_name = "spread up to"

    def size(self, game, position):
        return max(position) - min(position) if len(position) == 3 else None

    def build(self, game, bound, use_cache):
        return store.sharing_values(bound, use_cache=use_cache)

    def lookup(self, table, bound, game, position):
        key = game.key(position)
        if len(key) != 3 or key[2] > bound:
            raise InputError(f"{game.format(position)} lies outside the sharing table (spread up "
                             f"to {bound}); use a larger bound or the generic solver")
        return int(table[key[1], key[2]])


class EndNimTable(KernelTable):
    game_name = "end-nim"
    low, high = 20, 200
    source = "End-Nim table of nimlab.kernels.endnim"
    piles = 3

    def size(self, game, position):
        return max(position) if 1 <= len(position) <= self.piles else None

    def build(self, game, bound, use_cache):
        return store.endnim_values(self.piles, bound, game.variant, use_cache=use_cache)

    def lookup(self, table, bound, game, position):
        key = game.key(position)
        if not 1 <= len(key) <= self.piles or max(key) > bound:
            if not key:
                return 0
            raise InputError(f"{game.format(position)} lies outside the end-nim table (rows of "
                             f"{self.piles} piles up to {bound}); use a larger bound")
        # Index 0 is a missing pile (layout of nimlab.kernels.endnim); one pile of a 3-pile
        # table sits in the middle.
        index = (0, key[0], 0) if self.piles == 3 and len(key) == 1 else \
            tuple(key) + (0,) * (self.piles - len(key))
        return int(table[index])


class SubtractionTable(KernelTable):
    game_name = "subtraction"
    low, high = 0, 10_000_000
    source = "NIM(A) nim-sequence of nimlab.kernels"

    def size(self, game, position):
        return position

    def build(self, game, bound, use_cache):
        return store.subtraction_values(game.set, bound, use_cache=use_cache)

    def lookup(self, table, bound, game, position):
        if position > bound:
            raise InputError(f"{position} lies outside the subtraction table (n up to {bound})")
        return int(table[position])


class CashTable(KernelTable):
    game_name = "cash"
    values = False
    low, high = 0, 300
    source = "NIM with cash winner grid of nimlab.kernels.cash"

    def size(self, game, position):
        return game.key(position)[0]

    def build(self, game, bound, use_cache):
        return store.cash_winners(game.set, bound, bound, use_cache=use_cache)

    def lookup(self, table, bound, game, position):
        n, d1, d2 = game.key(position)
        if n > bound:
            raise InputError(f"{game.format(position)} lies outside the cash table (n up to "
                             f"{bound})")
        return 1 if table[n, d1, d2] else 0


class FibonacciTable(KernelTable):
    game_name = "fibonacci"
    values = False
    low, high = 0, 300
    source = "Fibonacci Nim P-position table of nimlab.kernels.fibonacci"

    def __init__(self, piles: int = 3) -> None:
        super().__init__()
        self.piles = piles

    def size(self, game, position):
        piles, last = game.key(position)
        if len(piles) > self.piles or (last == 0 and len(piles) != self.piles):
            return None
        return piles[0] if piles else 0

    def build(self, game, bound, use_cache):
        from nimlab.kernels.fibonacci import last_p_table

        return last_p_table(self.piles, bound, game.factor)

    def lookup(self, table, bound, game, position):
        piles, last = game.key(position)
        if len(piles) > self.piles or (piles and piles[0] > bound) or \
                (last == 0 and len(piles) != self.piles):
            raise InputError(f"{game.format(position)} lies outside the fibonacci table "
                             f"({self.piles} piles up to {bound})")
        return 0 if table.is_p(piles or (0,), last) else 1


class WythoffTable(KernelTable):
    game_name = "wythoff"
    # Below 30 the solver is as quick as building a table; up to 2,000: 4 million values, well
    # under a second to build.  Wythoff's theorem answers the outcome at any size before this
    # path is asked for the value.
    low, high = 30, 2_000
    source = "Wythoff Grundy table of nimlab.kernels.wythoff"

    @classmethod
    def suits(cls, game):
        return getattr(game, "a", 1) == 1  # Wythoff's own rules only: never an a-Wythoff game

    def size(self, game, position):
        return max(position) if len(position) == 2 and self.suits(game) else None

    def build(self, game, bound, use_cache):
        from nimlab.kernels.wythoff import WythoffLookup

        if not self.suits(game):  # pragma: no cover - size() keeps such games away
            raise InputError(f"Wythoff's table holds no values of {game.describe()}")
        return WythoffLookup(bound, store.wythoff_table(bound, use_cache=use_cache))

    def lookup(self, table, bound, game, position):
        return table.value(tuple(position))


class AWythoffTable(KernelTable):
    """Fraenkel's a-Wythoff game, any ``a`` (declared by the games with ``a >= 2``); one table
    per ``a`` (:meth:`ident`: the game's parameters)."""

    game_name = "wythoff"
    # up to 1,000: a million values, under a tenth of a second for a = 2; the cost grows with
    # a, and a table over ``seconds`` is left to the solver (within the question's budget).
    # Fraenkel's pairs answer the outcome at any size before this path is asked for the value.
    low, high = 30, 1_000
    quick_size = 500
    source = "a-Wythoff Grundy table of nimlab.kernels.awythoff"

    @classmethod
    def suits(cls, game):
        return hasattr(game, "a")

    #: Seconds a table may take to answer one question (the cost grows with ``a``); beyond,
    #: the solver answers within the question's budget.
    seconds = 2.0

    def size(self, game, position):
        from nimlab.kernels.awythoff import SECONDS_PER_WORK, work

        if len(position) != 2 or not self.suits(game):
            return None
        size = max(position)
        held = self._tables.get(self.ident(game))
        if (held is None or held[0] < size) and \
                work(size, game.a) * SECONDS_PER_WORK > self.seconds:
            return None
        return size

    def quick(self, game, position):
        from nimlab.kernels.awythoff import SECONDS_PER_WORK, work

        if not super().quick(game, position):
            return False
        held = self._tables.get(self.ident(game))
        size = self.size(game, position)
        return (held is not None and size <= held[0]) or \
            work(size, game.a) * SECONDS_PER_WORK <= 1.0  # a large a costs more

    def build(self, game, bound, use_cache):
        from nimlab.kernels.awythoff import AWythoffLookup

        return AWythoffLookup(bound, game.a,
                              store.awythoff_table(bound, game.a, use_cache=use_cache))

    def lookup(self, table, bound, game, position):
        if table.a != game.a:  # pragma: no cover - the tables are kept per game (ident)
            raise InputError(f"the a-Wythoff table for a = {table.a} asked about a = {game.a}")
        return table.value(tuple(position))


class EndNim4Table(KernelTable):
    game_name = "end-nim"
    low, high = 10, 40
    source = "4-pile End-Nim table of nimlab.kernels.endnim"

    def size(self, game, position):
        return max(position) if len(position) == 4 else None

    def build(self, game, bound, use_cache):
        from nimlab.kernels.endnim import EndNimLookup

        return EndNimLookup(4, bound, game.variant,
                            store.endnim_values(4, bound, game.variant, use_cache=use_cache))

    def lookup(self, table, bound, game, position):
        key = tuple(game.key(position))  # options of a 4-pile row have fewer piles or zeros
        return table.value(key) if key else 0


class GraphNimTable(KernelTable):
    game_name = "graph-nim"
    low, high = 10, 24
    source = "Graph Nim table of nimlab.kernels.graphnim"
    bound_name = "spread up to"

    def size(self, game, position):
        if not 2 <= len(position) <= 4:
            return None
        return max(position) - min(position)

    def build(self, game, bound, use_cache):
        from nimlab.kernels.graphnim import GraphNimLookup

        return GraphNimLookup(game.vertices, game.edges, bound,
                              store.graph_values(game.vertices, game.edges, bound,
                                                 use_cache=use_cache))

    def ident(self, game):
        # one table per digraph: its vertex count as well as its edges
        return (*super().ident(game), game.vertices)

    def lookup(self, table, bound, game, position):
        return table.value(tuple(position))


class Sharing4Table(KernelTable):
    game_name = "sharing"
    low, high = 20, 120
    source = "4-pile Sharing Nim table of nimlab.kernels.graphnim"
    bound_name = "key total up to"

    def size(self, game, position):
        if len(position) != 4:
            return None
        low = min(position)
        return sum(p - low for p in position)

    def build(self, game, bound, use_cache):
        from nimlab.kernels.graphnim import Sharing4Lookup

        return Sharing4Lookup(bound, store.sharing4_values(bound, use_cache=use_cache))

    def lookup(self, table, bound, game, position):
        return table.value(tuple(position))


KERNEL_TABLES = (SharingTable, EndNimTable, SubtractionTable, CashTable, FibonacciTable,
                 WythoffTable, EndNim4Table, GraphNimTable, Sharing4Table, AWythoffTable)


class TableSolver:
    """Look-ups in one kernel table of ``game`` for sizes up to ``bound``."""

    def __init__(self, name: str, bound: int, use_cache: bool = True, **options: Any):
        piles = options.pop("piles", None)
        self.game = make_game(name, **options)
        kinds = [k for k in KERNEL_TABLES if k.game_name == name and k.suits(self.game)]
        if not kinds:
            raise InputError(f"no kernel for {name!r}; kernels exist for "
                             f"{', '.join(k.game_name for k in KERNEL_TABLES)}")
        self.kind = kinds[0]()
        if piles is not None:
            self.kind.piles = piles
        self.name, self.bound = name, bound
        self.bound, self.table = self.kind.table(self.game, bound, use_cache)

    def _code(self, position: Any) -> int:
        return self.kind.lookup(self.table, self.bound, self.game, position)

    def value(self, position: Any) -> int:
        """The Sprague-Grundy value (value tables only)."""
        if not self.kind.values:
            raise InputError(f"the {self.name} kernel keeps outcomes only: use outcome()")
        return self._code(position)

    def outcome(self, position: Any) -> str:
        """``"P"`` or ``"N"``."""
        return outcome_of(self._code(position))

    def analyse(self, position: Any) -> Analysis:
        """Value, options and winning moves (value tables: every option of a covered position
        is covered too)."""
        options = [Option(m, q, self.value(q)) for m, q in self.game.options(position)]
        return Analysis(self.game, position, self.value(position), options,
                        method=self.kind.method, source=self.kind.source)


def table_solver(name: str, bound: int, use_cache: bool = True, **options: Any) -> TableSolver:
    """A :class:`TableSolver` for ``name`` (options as for :func:`nimlab.games.make_game`, plus
    ``piles`` for end-nim and fibonacci)."""
    return TableSolver(name, bound, use_cache=use_cache, **options)

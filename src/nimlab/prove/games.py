"""The games of nimlab as formulas: a domain of positions and a move relation.

A position is a tuple of naturals named ``p1, ..., pk`` (and ``x``, the previous removal, in
Fibonacci Nim); the position after a move is named ``p1', ..., pk'`` (``x'``).  Each
:class:`GameFormula` also maps its tuples to the positions of the game in :mod:`nimlab.games`
(``to_game``), so that its move relation is tested against the game's own move generator.

End-Nim rows of up to K piles are written as K-tuples padded with zeros on the left: the row
(3, 5) of a 3-pile game is (0, 3, 5), and an emptied right end pile shifts the row right.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from nimlab.errors import InputError, short_text
from nimlab.games import (CashNim, EndNim, FibonacciNim, GraphNim, Nim, SharingNim,
                          SubtractionNim, Wythoff, edge_text, parse_edges, VARIANTS)
from nimlab.games.sharing import edge_vertices
from nimlab.games.subtraction import parse_subtraction_set


@dataclass
class GameFormula:
    """A game as formulas over the position variables ``names``."""

    game: str
    params: dict
    names: tuple[str, ...]  # position variables, e.g. ("p1", "p2", "p3")
    base: str
    domain: str  # formula over names ("true" when every tuple is a position)
    move: str  # formula over names and q-names (q1.., y for x)
    to_game: Callable[[tuple[int, ...]], Any]
    make_game: Callable[[], Any]
    note: str = ""
    #: build the move relation's own automaton (for its size); False where it is too large
    #: and only the conditions, with their quantifiers pushed inside, are built
    build_move: bool = True

    @property
    def next_names(self) -> tuple[str, ...]:
        return tuple(n + "'" for n in self.names)

    @property
    def template_next(self) -> tuple[str, ...]:
        """The names the move text uses for the next position (q1.., y)."""
        return tuple("y" if n == "x" else "q" + n[1:] for n in self.names)

    def describe(self) -> str:
        params = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.game}({params})" if params else self.game


def _all(parts) -> str:
    parts = [p for p in parts if p]
    return " & ".join(f"({p})" for p in parts) if parts else "true"


def _any(parts) -> str:
    parts = [p for p in parts if p]
    return " | ".join(f"({p})" for p in parts) if parts else "false"


def _same_except(k: int, changed: set[int]) -> str:
    return _all(f"q{j} = p{j}" for j in range(1, k + 1) if j not in changed)


def _piles(k: int) -> tuple[str, ...]:
    return tuple(f"p{i}" for i in range(1, k + 1))


def nim(k: int) -> GameFormula:
    move = _any(f"q{i} < p{i} & {_same_except(k, {i})}" for i in range(1, k + 1))
    return GameFormula("nim", {"piles": k}, _piles(k), "2", "true", move, tuple, Nim)


def wythoff(a: int = 1) -> GameFormula:
    """Wythoff's game; ``a >= 2``: Fraenkel's a-Wythoff game (``s`` from one pile and ``t`` from
    the other, ``s, t > 0``, ``|s - t| < a``), read by default in the Ostrowski numeration of
    ``[0; a, a, a, ...]``, the fractional part of the ratio of its Beatty pairs
    ``(2 - a + sqrt(a^2 + 4)) / 2`` (a = 2: sqrt 2's Pell numeration)."""
    if a == 1:
        move = _any(["q1 < p1 & q2 = p2", "q2 < p2 & q1 = p1", "q1 < p1 & q1 + p2 = q2 + p1"])
        return GameFormula("wythoff", {}, _piles(2), "2", "true", move, tuple, Wythoff)
    move = _any(["q1 < p1 & q2 = p2", "q2 < p2 & q1 = p1",
                 f"q1 < p1 & q2 < p2 & p1 + q2 < p2 + q1 + {a} & p2 + q1 < p1 + q2 + {a}"])
    return GameFormula("wythoff", {"a": a}, _piles(2), f"ost[][{a}]", "true", move, tuple,
                       lambda: Wythoff(a))


def _share_moves(k: int, edges) -> str:
    moves = []
    for u, v in edges:
        i, j = u + 1, v + 1
        moves.append(f"q{j} > p{j} & q{i} + q{j} = p{i} + p{j} & q{j} <= q{i} & "
                     f"{_same_except(k, {i, j})}")
    return _any(moves)


def sharing(k: int) -> GameFormula:
    if k < 2:
        raise InputError("Sharing Nim needs at least two piles: give --piles 2 or more")
    from itertools import permutations
    return GameFormula("sharing", {"piles": k}, _piles(k), "2", "true",
                       _share_moves(k, permutations(range(k), 2)), tuple, SharingNim)


def graph_nim(edges_text: str, k: int | None) -> GameFormula:
    vertices = k or edge_vertices(edges_text)
    edges = parse_edges(edges_text, vertices)
    return GameFormula("graph-nim", {"edges": edge_text(edges),
                                     "piles": vertices}, _piles(vertices), "2", "true",
                       _share_moves(vertices, edges), tuple,
                       lambda: GraphNim(vertices, edges))


def end_nim(k: int, variant: str) -> GameFormula:
    if variant not in VARIANTS:
        raise InputError(f"unknown End-Nim variant {variant!r}; allowed: {', '.join(VARIANTS)}")
    if k < 2:
        raise InputError(f"nimlab proves End-Nim statements for rows of 2 or more piles, not {k}")
    domain = _all(f"p{i} > 0 => p{i + 1} > 0" for i in range(1, k))
    left = []
    for j in range(1, k + 1):
        zeros = _all(f"p{i} = 0" for i in range(1, j))
        left.append(f"{zeros} & p{j} > 0 & q{j} < p{j} & {_same_except(k, {j})}")
    shift = _all(["q1 = 0"] + [f"q{i + 1} = p{i}" for i in range(1, k)])
    right = (f"p{k - 1} > 0 & ((q{k} < p{k} & q{k} > 0 & {_same_except(k, {k})}) | "
             f"({shift}))")
    move = _any(left + [right])
    if variant == "misere":
        move = f"({move}) & q{k} > 0"  # no move empties the row (nimlab's misere convention)
    elif variant == "loop":
        move = f"({move}) & p{k - 1} > 0"  # a single pile ends the game
    return GameFormula("end-nim", {"piles": k, "variant": variant}, _piles(k), "2", domain, move,
                       lambda t: tuple(v for v in t if v), lambda: EndNim(variant),
                       note="rows padded with zeros on the left: (0,a,b) is the row (a,b)")


def subtraction(values: str) -> GameFormula:
    s = parse_subtraction_set(values)
    move = _any(f"q1 + {a} = p1" for a in s)
    return GameFormula("subtraction", {"set": ",".join(map(str, s))}, ("p1",), "2", "true", move,
                       lambda t: t[0], lambda: SubtractionNim(s))


def cash(values: str) -> GameFormula:
    s = parse_subtraction_set(values)
    move = _any(f"q1 + {a} = p1 & q2 = p3 & q3 + {a} = p2" for a in s)
    return GameFormula("cash", {"set": ",".join(map(str, s))}, ("p1", "p2", "p3"), "2", "true",
                       move, tuple, lambda: CashNim(s),
                       note="p1 stones, p2 the money of the player to move, p3 the other's")


def _factor(factor: str | int | None) -> int:
    """The factor of Fibonacci Nim the prover reads: an integer 2 .. 20."""
    if factor is None:
        return 2
    text = str(factor).strip()
    if not text.isdigit() or not 2 <= int(text) <= 20:
        raise InputError(f"--factor {short_text(text, 20)}: nimlab proves Fibonacci Nim "
                         "statements for whole factors 2 to 20 (factor K reads numbers in the "
                         "greedy numeration fibK of the game's own weights)")
    return int(text)


def fibonacci(k: int, factor: str | int | None = None) -> GameFormula:
    """Fibonacci Nim on k piles with move limit ``factor * x``; factor 2 in the Zeckendorf
    numeration, factor K > 2 (one pile) in the greedy numeration ``fibK`` of the game's
    weights 1, 2, 3, 4, 6, 8, ... (K = 3; see :mod:`nimlab.prove.numerations`)."""
    f = _factor(factor)
    if f != 2 and k != 1:
        raise InputError(f"nimlab proves Fibonacci Nim statements with factor {f} for one pile "
                         f"(--piles 1), not {k}")
    if k not in (1, 2, 3):
        raise InputError(f"nimlab proves Fibonacci Nim statements for 1 to 3 piles, not {k}")
    names = _piles(k) + ("x",)
    if f == 2:
        moves = [f"q{i} + y = p{i} & y > 0 & {_same_except(k, {i})} & "
                 f"((x = 0 & q{i} > 0) | (x > 0 & y <= 2*x))" for i in range(1, k + 1)]
        return GameFormula("fibonacci", {"piles": k}, names, "fib", "true", _any(moves),
                           lambda t: (tuple(t[:-1]), t[-1]), lambda: FibonacciNim(2),
                           note="x is the previous removal (0 before the first move)")
    # one pile; the limit y < p1 of a first move instead of q1 > 0, so that q1 occurs in the
    # addition only and its quantifier goes inside: the 4-track move relation itself has
    # millions of states in fibK (q1 + y = p1 alone: 5,282 in fib3, y <= 3*x: 4,904)
    move = f"q1 + y = p1 & y > 0 & ((x = 0 & y < p1) | (x > 0 & y <= {f}*x))"
    return GameFormula("fibonacci", {"piles": 1, "factor": f}, names, f"fib{f}", "true", move,
                       lambda t: (tuple(t[:-1]), t[-1]), lambda: FibonacciNim(f),
                       note="x is the previous removal (0 before the first move)",
                       build_move=False)


GAME_NAMES = ("nim", "wythoff", "sharing", "graph-nim", "end-nim", "subtraction", "cash",
              "fibonacci")


def game_formula(name: str, piles: int | None = None, **options) -> GameFormula:
    """The formulas of game ``name`` with command-line style options."""
    options = {k: v for k, v in options.items() if v is not None}
    allowed = {"nim": (), "wythoff": ("a",), "sharing": (), "graph-nim": ("edges",),
               "end-nim": ("variant",), "subtraction": ("set",), "cash": ("set",),
               "fibonacci": ("factor",)}
    if name == "octal":
        raise InputError("an octal game's values are ultimately periodic, not read digit by "
                         "digit here: `nimlab periodicity octal --code C` proves its period, and "
                         "a sum's value is the XOR of its heaps'")
    if name not in allowed:
        own = own_game_formula(name, piles, options)
        if own is not None:
            return own
        raise InputError(f"nimlab prove knows the games {', '.join(GAME_NAMES)} and the games of "
                         f"your own that give a move_formula; not {name!r}")
    for key in options:
        if key not in allowed[name]:
            raise InputError(f"--{key} does not apply to `nimlab prove {name}` (its options: "
                             f"{', '.join('--' + o for o in allowed[name]) or 'none'})")
    from nimlab.prove.automata import MAX_TRACKS

    most = MAX_TRACKS // 2  # a move relates a position and the next: twice the piles
    if piles is not None and not 1 <= piles <= most:
        raise InputError(f"--piles {short_text(str(piles))}: nimlab's automata read at most "
                         f"{MAX_TRACKS} numbers at once, so a move of at most {most} piles")
    if name == "nim":
        return nim(piles or 3)
    if name == "wythoff":
        if piles not in (None, 2):
            raise InputError("Wythoff's game has two piles")
        from nimlab.games.nim import parse_a

        return wythoff(parse_a(options.get("a", 1)))
    if name == "sharing":
        return sharing(piles or 3)
    if name == "graph-nim":
        if "edges" not in options:
            raise InputError("graph-nim needs --edges u-v,... (e.g. --edges 1-2,2-3,3-1)")
        return graph_nim(options["edges"], piles)
    if name == "end-nim":
        return end_nim(piles or 3, options.get("variant", "normal"))
    if name in ("subtraction", "cash"):
        if "set" not in options:
            raise InputError(f"{name} needs --set a1,...,ak (e.g. --set 1,3,4)")
        if piles not in (None, 1 if name == "subtraction" else 3):
            raise InputError(f"{name} positions have a fixed shape; drop --piles")
        return (subtraction if name == "subtraction" else cash)(options["set"])
    return fibonacci(piles or 2, options.get("factor"))


# ----------------------------------------------------------------- games of one's own
#: Positions of the box on which a game's move_formula is checked against its moves: pairs of
#: positions, at most about this many.
CHECK_PAIRS = 20_000
_CHECKED: dict = {}


def own_game_formula(name: str, piles: int | None, options: dict,
                     need_moves: bool = True) -> GameFormula | None:
    """The formulas of a game of one's own that gives ``move_formula`` (``None`` for a name
    that is no such game), checked against the game's own moves on a box.  With
    ``need_moves=False`` (discovery, which learns without it) a game without a formula gets
    ``move = None``: nothing it learns can be proven."""
    from nimlab.games import make_game
    from nimlab.games.registry import needs_formula, user_games

    if need_moves:
        needs_formula(name, "prove")  # a game of one's own without a formula: one line
    if name not in user_games():
        return None
    if options:
        raise InputError(f"{name}: nimlab prove takes a game of your own with its default "
                         f"options only (got --{next(iter(options))})")
    game = make_game(name)
    cls = type(game)
    k = cls.pile_count or piles
    if not k:
        raise InputError(f"{name}: automata read positions of a fixed length: set pile_count, "
                         "or give --piles K (positions of K numbers)")
    if piles not in (None, k):
        raise InputError(f"{name} positions have {k} numbers; drop --piles")
    from nimlab.prove.numerations import NumerationError, get
    try:
        get(cls.numeration)
    except NumerationError as e:
        raise InputError(f"{name}.numeration: {e}") from None
    gf = GameFormula(name, {}, _piles(k), cls.numeration, game.domain_formula, game.move_formula,
                     tuple, lambda: make_game(name),
                     note=f"the move relation is {name}.move_formula, checked against its moves "
                          "on a box")
    key = (cls, gf.move, gf.domain, gf.base)
    if gf.move is not None and key not in _CHECKED:
        check_move_formula(gf, game)
        _CHECKED[key] = True
    return gf


def check_move_formula(gf: GameFormula, game: Any) -> int:
    """Check that ``gf.move`` holds between a position and exactly its successors by the game's
    own moves, for every position of a box of small numbers (and its successors in that box);
    the number of pairs checked, or a one-line :class:`InputError` naming the first
    disagreement."""
    from itertools import product

    from nimlab.prove.logic import compile_formula

    k = len(gf.names)
    side = 2
    while (side + 1) ** (2 * k) <= CHECK_PAIRS:
        side += 1
    move = compile_formula(gf.move, gf.base)
    domain = compile_formula(gf.domain, gf.base)
    box = list(product(range(side), repeat=k))
    checked = 0
    for p in box:
        env = dict(zip(gf.names, p))
        if not domain.run({v: env[v] for v in domain.vars}, base=gf.base):
            continue
        by_moves = {tuple(q) for q in game.successors(p) if max(q, default=0) < side}
        for q in box:
            env.update(zip(gf.template_next, q))
            said = move.run({v: env[v] for v in move.vars}, base=gf.base)
            checked += 1
            if said != (q in by_moves):
                what = "allows" if said else "does not allow"
                other = "does not" if said else "does"
                raise InputError(f"{gf.game}.move_formula {what} the move from "
                                 f"{','.join(map(str, p))} to {','.join(map(str, q))}, and its "
                                 f"moves() {other}: fix one of them")
    return checked

"""Subtraction Nim NIM(a_1, ..., a_k) and NIM with Cash (Gasarch and Purtilo 2015).

``NIM(A; n)``: n stones, a move removes ``a`` stones for some ``a`` in ``A``; whoever cannot move
loses (Def 1.1).  With cash (Def 1.4) each player also has money and pays ``a`` dollars to remove
``a`` stones; a player who cannot afford any legal removal cannot move and loses.

A cash position is the state ``(n; d1, d2)`` of Def 2.1 seen from the player to move: ``d1`` is the
mover's money.  After a removal of ``a`` the state is ``(n - a; d2, d1 - a)``.  The state
``(n; d1, d2)`` is Player I's turn in the paper, so Player I wins exactly when it is an
N-position.
"""

from __future__ import annotations

from typing import Iterator, Sequence

from nimlab.errors import IllegalMove, InputError
from nimlab.games.base import ImpartialGame, Move, Take, split_suffix, tokens
from nimlab.games.rules import Game
from nimlab.parsing import parse_int, parse_int_list
from nimlab.references import cite


def parse_subtraction_set(values: str | Sequence[int]) -> tuple[int, ...]:
    """Validate a subtraction set: non-empty, positive, distinct; returned sorted."""
    if isinstance(values, str):
        if not values.strip():
            raise InputError("the subtraction set --set is empty: give positive integers, "
                             "e.g. --set 1,3,4")
        items = parse_int_list(values, "subtraction set --set", minimum=-10**18)
    else:
        items = tuple(int(v) for v in values)
    if not items:
        raise InputError("the subtraction set --set is empty: give positive integers, e.g. "
                         "--set 1,3,4")
    bad = [v for v in items if v <= 0]
    if bad:
        raise InputError(f"the subtraction set may hold only positive integers, got {bad[0]}")
    if len(set(items)) != len(items):
        raise InputError(f"the subtraction set {','.join(map(str, items))} repeats an element; "
                         "give distinct positive integers")
    return tuple(sorted(items))


class SubtractionNim(Game):
    """NIM(a_1, ..., a_k): remove a_i stones from a single heap (Def 1.1)."""

    name = "subtraction"
    params_are_rules = True
    table = "subtraction"
    summary = "one heap; remove a number of stones from the set A"
    source = cite("cash", "Section 1, Def 1.1 and Example 1.3")
    fast_paths = ("nimlab.strategy.subtraction:PeriodStrategy",)
    move_help = "K (remove K stones)"

    @classmethod
    def from_options(cls, position_text: str | None = None, **options):
        return cls(options["set"])

    def estimate_states(self, position) -> int:
        return self.stones(position) + 1

    def estimate_moves(self, position) -> int:
        return len(self.set)

    def draw(self, position, mover: str = "player to move",
             waiting: str = "other player") -> list[str]:
        return [f"heap   | {tokens(position)} ({position})",
                f"removals allowed: {', '.join(map(str, self.set))}"]

    def __init__(self, subtraction_set: str | Sequence[int]):
        self.set = parse_subtraction_set(subtraction_set)

    def params(self) -> dict:
        return {"set": ",".join(map(str, self.set))}

    def removals(self, stones: int, money: int | None = None) -> Iterator[int]:
        """The removals allowed from ``stones`` (and affordable with ``money``, if given)."""
        cap = stones if money is None else min(stones, money)
        for a in self.set:
            if a > cap:
                break
            yield a

    def parse(self, text: str) -> int:
        return parse_int(text, f"{self.name} position (the number of stones)")

    def format(self, position: int) -> str:
        return str(position)

    def legal_moves(self, position: int) -> Iterator[Move]:
        for a in self.removals(position):
            yield Take(None, a, "stones")

    def is_legal(self, position, move: Move) -> bool:
        return (type(move) is Take and move.pile is None and move.noun == "stones"
                and move.count in self.set and move.count <= self.stones(position)
                and move.count <= self.money(position))

    def money(self, position) -> int | float:
        """What the player to move can spend (no limit without cash)."""
        return float("inf")

    def do_move(self, position: int, move: Take) -> int:
        return position - move.count

    def key(self, position: int) -> int:
        return position

    def parse_move(self, text: str, position) -> Move:
        try:
            return Take(None, int(str(text).strip()), "stones")
        except ValueError:
            raise IllegalMove(f"cannot read move {text!r}: write the number of stones to "
                              "remove") from None

    def stones(self, position) -> int:
        return position

    def why_illegal(self, position, move: Move) -> str:
        allowed = ",".join(map(str, self.set))
        if move.count not in self.set:
            return f"removals must be in the set {{{allowed}}}"
        return f"only {self.stones(position)} stones are left"

    def example(self) -> int:
        return 14


Cash = tuple[int, int, int]


class CashNim(SubtractionNim):
    """NIM(A) with cash (Def 1.4): a removal of ``a`` stones costs ``a`` dollars."""

    name = "cash"
    params_are_rules = True
    table = "cash"
    summary = "subtraction Nim where removing a stones costs a dollars of the mover's budget"
    source = cite("cash", "Sections 1 and 3-7, Def 1.4")
    fast_paths = ("nimlab.strategy.cash:CashStrategy",)
    suffix_option = "budgets"

    def estimate_states(self, position: Cash) -> int:
        n, d1, d2 = self.key(position)
        return (n + 1) * (d1 + 1) * (d2 + 1)

    def draw(self, position: Cash, mover: str = "player to move",
             waiting: str = "other player") -> list[str]:
        n, have, other = position
        return [f"heap   | {tokens(n)} ({n})",
                f"money: {mover} ${have}, {waiting} ${other} (removing a stones costs a dollars)",
                f"removals allowed: {', '.join(map(str, self.set))}"]

    def state(self, position: Cash, mover: str, waiting: str) -> dict:
        return {"money": {mover: position[1], waiting: position[2]}}

    def parse(self, text: str) -> Cash:
        text = str(text).strip()
        stones_text, budgets_text = split_suffix(text)
        if budgets_text is None:
            raise InputError("a cash position needs the budgets: give --budgets d1,d2 (d1 is the "
                             "money of the player to move) or write them after '/': 14/9,9")
        stones = parse_int(stones_text, "cash position (the number of stones)")
        budgets = parse_int_list(budgets_text, "--budgets")
        if len(budgets) != 2:
            raise InputError(f"--budgets takes two amounts d1,d2, got {len(budgets)}")
        return (stones, *budgets)

    def format(self, position: Cash) -> str:
        n, d1, d2 = position
        return f"{n}/{d1},{d2}"

    def legal_moves(self, position: Cash) -> Iterator[Move]:
        n, mover, _ = position
        for a in self.removals(n, mover):
            yield Take(None, a, "stones")

    def do_move(self, position: Cash, move: Take) -> Cash:
        n, mover, other = position
        return n - move.count, other, mover - move.count

    def money(self, position: Cash) -> int:
        return position[1]

    def key(self, position: Cash) -> Cash:
        n, mover, other = position
        # Money beyond n can never be spent.  And with n >= d1 + d2 + max(A) the stones never
        # limit a removal again (each removal costs its size, so the stones left stay above the
        # money left plus max(A)): every such n has the same game tree, so fold them onto one.
        mover, other = min(mover, n), min(other, n)
        return min(n, mover + other + self.set[-1]), mover, other

    def stones(self, position: Cash) -> int:
        return position[0]

    def why_illegal(self, position: Cash, move: Move) -> str:
        n, mover, _ = position
        if move.count in self.set and move.count <= n and move.count > mover:
            return f"it costs {move.count} dollars and the player to move has {mover}"
        return super().why_illegal(position, move)

    def winner_label(self, outcome: str) -> dict:
        return {"winner": "I" if outcome == "N" else "II"}

    def example(self) -> Cash:
        return 14, 9, 9

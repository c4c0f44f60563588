"""The common interface of nimlab's strategies: a :class:`Hint` and the :class:`Strategy` base.

A strategy answers one question about a position: *what should the player to move do, and why?*
Every strategy works the same way:

1. :meth:`Strategy.verdict` decides whether the position is a P-position, by a closed form where a
   paper gives one that nimlab has checked, or returns ``None`` when no closed form covers it;
2. from an N-position the winning move is the move the theorem names (if it names one) or the
   first candidate move whose result the closed form (or, outside its reach, the solver) calls a
   P-position;
3. from a P-position there is no winning move, and the hint offers the *stalling move*
   (:func:`stalling_move`) instead.

Positions no closed form covers go to the generic solver (:mod:`nimlab.strategy.solver`).

**The stalling move.**  From a P-position every move loses against perfect play, so the hint
offers the move that gives the opponent the most chances to go wrong: the *smallest* legal move
(fewest tokens taken or moved), the first one in the game's own move order when several tie.
It changes the position as little as possible and so leaves the most play on the board.  Under
misere play a move that ends the game is offered only when nothing else is left (it loses at once).
This is a documented convention, cheap for any size of position; it does not claim to make the
game last as long as possible.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from nimlab.errors import NimlabError
from nimlab.games.base import ImpartialGame, Move
from nimlab.engine.analysis import Answer, position_summary


@dataclass(frozen=True)
class Verdict:
    """What a closed form says of one position.

    ``p`` is True at a P-position; ``reason`` says why in words; ``source`` names the theorem;
    ``move`` is the winning move the theorem itself names (N-positions only, optional).
    """

    p: bool
    reason: str
    source: str
    move: Move | None = None


@dataclass
class Hint:
    """Advice for the player to move.

    ``move`` is a winning move (``None`` at a P-position), ``to`` the position it leads to.
    ``stalling`` is, at a P-position, the move offered to the loser (see the module docstring).
    ``value`` is the Sprague-Grundy value when it was cheap to compute, else ``None`` with the
    reason in ``value_note``.  ``method`` is ``"closed form"`` or ``"solver"``.
    """

    game: ImpartialGame
    position: Any
    outcome: str
    move: Move | None
    to: Any
    explanation: str
    source: str
    method: str
    stalling: Move | None = None
    stalling_to: Any = None
    value: int | None = None
    value_note: str = ""
    extra: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        """The hint as JSON-ready data (moves in words and in notation, positions as text)."""
        game = self.game
        data = {
            **position_summary(game, self.position, self.outcome),
            "move": self.move.describe() if self.move else None,
            "notation": self.move.notation() if self.move else None,
            "to": game.format(self.to) if self.move else None,
            "explanation": self.explanation,
            "source": self.source,
            "method": self.method,
            "value": self.value,
        }
        if self.value is None:
            data["value_note"] = self.value_note
        if self.stalling is not None:
            data["stalling_move"] = self.stalling.describe()
            data["stalling_notation"] = self.stalling.notation()
            data["stalling_to"] = game.format(self.stalling_to)
        data.update(self.extra)
        return data

    def lines(self) -> list[str]:
        """The hint as lines of text: the move (or the stalling move), the reason, the source."""
        game = self.game
        if self.move is not None:
            out = [f"winning move: {self.move.notation()}  ({self.move.describe()})",
                   f"leads to:     {game.format(self.to)}"]
        else:
            out = ["no winning move: the player to move loses against perfect play"]
            if self.stalling is not None:
                out.append(f"stalling move: {self.stalling.notation()}  "
                           f"({self.stalling.describe()}), to {game.format(self.stalling_to)}")
        out.append(f"why: {self.explanation}")
        out.append(f"source: {self.source} ({self.method})")
        return out


def move_size(move: Move) -> int:
    """How many tokens a move takes or moves (every nimlab move has a ``count``)."""
    return getattr(move, "count", 1)


def stalling_move(game: ImpartialGame, position: Any) -> Move | None:
    """The smallest legal move, first in move order; see the module docstring.

    The moves are read lazily and the search stops at the first move of size 1, so this is
    instant even for piles with hundreds of digits.  Under misere play, moves that end the game
    are skipped unless they are the only ones.  ``None`` if the game is over.
    """
    if game.primitive(position):
        return None
    best: Move | None = None
    ending: Move | None = None
    for move in game.legal_moves(position):
        if game.misere and game.primitive(game.do_move(position, move)):
            ending = ending or move
            continue
        if best is None or move_size(move) < move_size(best):
            best = move
            if move_size(best) <= 1:
                break
    return best if best is not None else ending


#: Candidate moves a strategy tests against its closed form when its verdict names no move.
MAX_CANDIDATES = 64


class Strategy:
    """A game family's strategy; subclasses give :meth:`verdict` and, if useful,
    :meth:`candidates`, :meth:`applies` and :meth:`value_is_cheap`.

    A strategy is also a *fast path* of :mod:`nimlab.solve` (declared in the game's
    ``fast_paths``): :meth:`answer` turns its verdict into an :class:`Answer`, so the hints and
    the dispatcher use the same closed forms.
    """

    #: Short name shown in hints.
    name = "solver"
    #: The fast-path method this strategy's answers name.
    method = "closed form"

    def answer(self, game: ImpartialGame, position: Any) -> Answer | None:
        """The closed form's answer (outcome, value where known, a winning move where the
        closed form finds one among the candidates), or ``None`` where it does not apply."""
        if not self.applies(game, position):
            return None
        verdict = self.verdict(game, position)
        if verdict is None:
            return None
        if verdict.p:
            return Answer("P", 0, self.method, verdict.source, None, verdict.reason)
        move = verdict.move if verdict.move is not None else self.closed_move(game, position)
        return Answer("N", self.closed_value(game, position), self.method, verdict.source, move,
                      verdict.reason)

    def closed_move(self, game: ImpartialGame, position: Any) -> Move | None:
        """The first of (at most :data:`MAX_CANDIDATES`) candidate moves whose target the closed
        form calls a P-position, or ``None``."""
        for i, move in enumerate(self.candidates(game, position)):
            if i >= MAX_CANDIDATES:
                return None
            target = game.do_move(position, move)
            if self.applies(game, target):
                child = self.verdict(game, target)
                if child is not None and child.p:
                    return move
        return None

    def applies(self, game: ImpartialGame, position: Any) -> bool:
        """Whether this strategy may be asked about ``position`` at all."""
        return True

    def verdict(self, game: ImpartialGame, position: Any) -> Verdict | None:
        """The closed form's verdict, or ``None`` where no checked closed form applies."""
        return None

    def candidates(self, game: ImpartialGame, position: Any) -> Iterable[Move]:
        """Moves that may win: every move under the ending rule unless a subclass knows better."""
        return game.available_moves(position)

    def value_is_cheap(self, game: ImpartialGame, position: Any) -> bool:
        """Whether asking the solver for the value is reasonable (not for huge positions)."""
        return True

    def closed_value(self, game: ImpartialGame, position: Any) -> int | None:
        """The Sprague-Grundy value by a formula, where the strategy knows one."""
        return None


class StrategyError(NimlabError):
    """A closed form contradicted itself (a bug: the tests check every closed form)."""

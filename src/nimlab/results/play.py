"""A game against the computer, played move by move from Python (:func:`nimlab.play`).

The session keeps the ``start``, ``move`` and ``winner`` events as ``nimlab play --json`` writes
them (``events``), so a notebook, the web lab and the terminal tell the same story.

>>> from nimlab.games import load
>>> from nimlab.play import Match
>>> s = PlaySession(Match(*load("nim", "1,2")))
>>> s.move("2-1").position    # you leave 1,1; the computer must take one
(0, 1)
>>> s.winner is None, s.to_move
(True, 'you')
"""

from __future__ import annotations


from nimlab.errors import IllegalMove, InputError
from nimlab.games.base import Move
from nimlab.play import COMPUTER, YOU, Match
from nimlab.results.position import Position, escape, piles_of, piles_svg
from nimlab.strategy import hint


class PlaySession:
    """A match against the computer: :meth:`move` plays your move and the computer's reply,
    :meth:`computer` lets the computer move, :meth:`undo` takes back your last move and the
    reply, :meth:`hint` advises; ``position``, ``to_move``,
    ``winner``, ``over``, ``events`` (the start, move and winner events of ``nimlab play
    --json``) and ``history`` (the moves played, in notation).  Not frozen: a game goes on."""

    def __init__(self, match: Match, reply: bool = True) -> None:
        self.match = match
        self.reply = reply
        self.history: list[tuple[str, str]] = []
        game = match.game
        self.events: list[dict] = [
            {"event": "start", "game": game.name, "params": game.params(),
             "position": game.format(match.position), "first": match.to_move,
             "level": match.level}]
        if match.to_move == COMPUTER and reply and not match.over:
            self.computer()

    game = property(lambda self: self.match.game)
    position = property(lambda self: self.match.position)
    to_move = property(lambda self: self.match.to_move)
    winner = property(lambda self: self.match.winner)
    over = property(lambda self: self.match.over)

    @property
    def at(self) -> Position:
        return Position(self.game, self.position)

    def _moved(self, player: str, move: Move, unsolved: str | None = None) -> None:
        game = self.game
        self.history.append((player, move.notation()))
        event = {"event": "move", "player": player, "move": move.describe(),
                 "notation": move.notation(), "to": game.format(self.position)}
        if player == COMPUTER:  # as `nimlab play --json`: did the computer solve the position?
            event["solved"] = unsolved is None
        self.events.append(event)
        if self.match.over:
            self.events.append({"event": "winner", "winner": self.match.winner,
                                "position": game.format(self.position),
                                "reason": self.match.reason})

    def move(self, move: str | Move) -> "PlaySession":
        """Play ``move`` (notation like ``"2-1"``, or a Move) for you, then the computer's reply
        unless the game is over; returns the session.  An illegal move raises
        :class:`~nimlab.errors.IllegalMove` with the reason, and nothing is played."""
        if self.match.over:
            raise IllegalMove(f"the game is over: {self.match.reason}")
        if self.match.to_move != YOU:
            raise IllegalMove("it is the computer's turn: call .computer()")
        if isinstance(move, str):
            if not move.strip() or "\n" in move:
                raise InputError("move: one move in the game's notation, e.g. 2-1")
            move = self.match.parse(move.strip())
        elif not isinstance(move, Move):
            raise InputError(f"move: give the notation (a string) or a Move, not {move!r}")
        self.match.play(move)
        self._moved(YOU, move)
        if self.reply and not self.match.over:
            self.computer()
        return self

    def computer(self) -> "PlaySession":
        """The computer plays once (see :class:`nimlab.play.Match`); returns the session."""
        if self.match.over:
            raise IllegalMove(f"the game is over: {self.match.reason}")
        if self.match.to_move != COMPUTER:
            raise IllegalMove("it is your turn: call .move(...)")
        chosen, unsolved = self.match.computer_move()
        if unsolved:
            self.events.append({"event": "unsolved", "reason": unsolved})
        self.match.play(chosen)
        self._moved(COMPUTER, chosen, unsolved)
        return self

    def undo(self) -> "PlaySession":
        """Take back your last move and the computer's reply (as ``undo`` in ``nimlab play``,
        or python-chess's ``board.pop()``), also after the game ended; returns the session.
        Before your first move, :class:`~nimlab.errors.IllegalMove`."""
        if not self.match.undo():
            raise IllegalMove("nothing to undo: you have not moved yet")
        while self.history and self.history.pop()[0] != YOU:
            pass  # the computer's reply, then your move
        self.events.append({"event": "undo", "position": self.game.format(self.position)})
        return self

    def hint(self):
        """The hint for the player to move (a :class:`nimlab.results.PositionHint`)."""
        from nimlab.results.answers import PositionHint

        return PositionHint(hint(self.game, self.position, budget=self.match.budget))

    def legal_moves(self) -> list[str]:
        from nimlab.solve import bounded_moves

        listed = bounded_moves(self.game, self.position, 200)
        return [m.notation() for m in listed or []]

    def to_json(self) -> list[dict]:
        return list(self.events)

    def __repr__(self) -> str:
        state = (f"{self.match.winner} won ({self.match.reason})" if self.match.over
                 else f"{self.match.to_move} to move")
        played = " ".join(f"{'you' if p == YOU else 'computer'}:{n}" for p, n in self.history)
        return (f"PlaySession({self.game.describe()} {self.game.format(self.position)}, {state}"
                f"{'; played ' + played if played else ''})")

    def _repr_html_(self) -> str:
        piles, rest = piles_of(self.game, self.position)
        picture = piles_svg(piles, rest)
        return f"<div>{picture}<div>{escape(repr(self))}</div></div>"

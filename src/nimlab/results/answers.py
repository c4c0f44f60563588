"""Answers about one position: its value (:class:`PositionAnswer`), its moves (:class:`Moves`)
and the move to play (:class:`PositionHint`).

``to_json()`` of each is what ``nimlab value``, ``nimlab moves`` and ``nimlab hint`` print
with ``--json``, less its ``made_by``.

>>> from nimlab.games import load
>>> from nimlab.engine.analysis import Answer
>>> game, position = load("nim", "1,2,3")
>>> PositionAnswer(game, position, Answer("P", 0, "closed form", "Bouton's theorem"))
PositionAnswer(nim 1,2,3: value 0, P-position; closed form, Bouton's theorem)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nimlab.engine.analysis import Analysis, Answer, Option, option_dict, position_summary
from nimlab.games.base import ImpartialGame, Move
from nimlab.results.position import Position, escape, piles_of, piles_svg
from nimlab.results.remoteness import Remoteness
from nimlab.strategy.base import Hint

OUTCOME_WORDS = {"P": "P-position: the previous player wins (no winning move)",
                 "N": "N-position: the player to move wins"}


def value_text(value: int | None) -> str:
    return "value unknown (outcome only)" if value is None else f"value {value}"


def _head_html(game: ImpartialGame, position: Any, lines: list[str]) -> str:
    piles, rest = piles_of(game, position)
    caption = f"{getattr(game, 'suffix_option', None) or 'and'}: {rest}" if rest else ""
    picture = piles_svg(piles, caption)
    text = "".join(f"<div>{line}</div>" for line in lines)
    return (f'<div style="display:flex;gap:1em;align-items:center">{picture}'
            f"<div><b>{escape(game.describe())} {escape(game.format(position))}</b>{text}"
            "</div></div>")


@dataclass(frozen=True, repr=False)
class PositionAnswer:
    """The value and outcome of a position, with the method and the source that gave them.

    ``value`` is ``None`` when only the outcome is known (the position is past the solver's
    budget and a closed form knows the outcome alone).
    """

    game: ImpartialGame
    position: Any
    answer: Answer

    @property
    def value(self) -> int | None:
        return self.answer.value

    @property
    def outcome(self) -> str:
        return self.answer.outcome

    @property
    def method(self) -> str:
        return self.answer.method

    @property
    def source(self) -> str:
        return self.answer.source

    @property
    def winner(self) -> str | None:
        """The winning player where the game names players (NIM with cash), else ``None``."""
        return self.game.winner_label(self.outcome).get("winner")

    @property
    def at(self) -> Position:
        return Position(self.game, self.position)

    def to_json(self) -> dict:
        return {**position_summary(self.game, self.position, self.outcome), "value": self.value,
                "method": self.method, "source": self.source}

    def __repr__(self) -> str:
        return (f"PositionAnswer({self.game.describe()} {self.game.format(self.position)}: "
                f"{value_text(self.value)}, {self.outcome}-position; {self.method}, "
                f"{self.source})")

    def _repr_html_(self) -> str:
        lines = [escape(f"{value_text(self.value)}, {OUTCOME_WORDS[self.outcome]}")]
        if self.winner:
            lines.append(escape(f"Player {self.winner} wins (Player I is the player to move)"))
        lines.append(f"<small>{escape(self.method)}: {escape(self.source)}</small>")
        return _head_html(self.game, self.position, lines)


@dataclass(frozen=True, repr=False)
class Moves:
    """A position with its moves: each :class:`~nimlab.engine.analysis.Option` says where the
    move leads and the value (or only the outcome) there.  ``winning_only`` when the moves were
    filtered to the winning ones (``moves(..., winning=True)``)."""

    analysis: Analysis
    winning_only: bool = False
    #: the remoteness of the position and of its moves (``moves(..., remoteness=True)``)
    remoteness: Remoteness | None = None

    @property
    def game(self) -> ImpartialGame:
        return self.analysis.game

    @property
    def position(self) -> Any:
        return self.analysis.position

    @property
    def value(self) -> int | None:
        return self.analysis.value

    @property
    def outcome(self) -> str:
        return self.analysis.outcome

    @property
    def method(self) -> str:
        return self.analysis.method

    @property
    def source(self) -> str:
        return self.analysis.source

    @property
    def options(self) -> list[Option]:
        return self.analysis.options

    @property
    def winning_moves(self) -> list[Option]:
        return self.analysis.winning_moves

    def rows(self) -> list[dict]:
        """One dict per move: move (words), notation, to, value, outcome, winning (and, with
        remoteness, the remoteness of the position it leads to: null when unknown)."""
        rows = [option_dict(self.game, o) for o in self.options]
        if self.remoteness is not None:
            for row, option in zip(rows, self.options):
                entry = self.remoteness.of(option.move)
                row["remoteness"] = None if entry is None else entry.remoteness
        return rows

    def to_json(self) -> dict:
        data = self.analysis.to_dict(options=False)
        if self.remoteness is not None:
            data["remoteness"] = self.remoteness.remoteness
            data["remoteness_note"] = self.remoteness.note
        data["moves"] = self.rows()
        return data

    def __repr__(self) -> str:
        shown = ", ".join(f"{o.move.notation()}->{self.game.format(o.position)}"
                          f"({'?' if o.value is None else o.value})" for o in self.options[:6])
        more = f", ... {len(self.options) - 6} more" if len(self.options) > 6 else ""
        kind = "winning moves" if self.winning_only else "moves"
        listed = f"{len(self.options)} {kind}: {shown}{more}" if self.options else f"no {kind}"
        far = f"; {self.remoteness.line()}" if self.remoteness else ""
        return (f"Moves({self.game.describe()} {self.game.format(self.position)}: "
                f"{value_text(self.value)}, {self.outcome}; {listed}{far})")

    def _repr_html_(self) -> str:
        lines = [escape(f"{value_text(self.value)} ({self.outcome}; {self.method})")]
        if self.remoteness is not None:
            lines.append(escape(self.remoteness.line()))
        head = _head_html(self.game, self.position, lines)
        win = ' style="font-weight:bold;color:#1a7f37"'
        far = self.remoteness is not None

        def unknown(value: Any) -> Any:
            return "?" if value is None else value
        body = "".join(
            f"<tr{win if r['winning'] else ''}>"
            f"<td>{escape(r['notation'])}</td><td>{escape(r['move'])}</td>"
            f"<td>{escape(r['to'])}</td><td>{escape(unknown(r['value']))}</td>"
            + (f"<td>{escape(unknown(r['remoteness']))}</td>" if far else "")
            + "</tr>" for r in self.rows())
        extra = "<th>remoteness there</th>" if far else ""
        return (f"{head}<table><tr><th>notation</th><th>move</th><th>to</th><th>value</th>"
                f"{extra}</tr>{body}</table>")


@dataclass(frozen=True, repr=False)
class PositionHint:
    """The move to play: ``move`` (a winning move, ``None`` at a P-position), ``to`` the position
    it leads to (a tuple), ``explanation`` in words, with ``source`` and ``method``; at a
    P-position ``stalling`` is the move offered to the loser."""

    hint: Hint

    game = property(lambda self: self.hint.game)
    position = property(lambda self: self.hint.position)
    outcome = property(lambda self: self.hint.outcome)
    explanation = property(lambda self: self.hint.explanation)
    source = property(lambda self: self.hint.source)
    method = property(lambda self: self.hint.method)
    value = property(lambda self: self.hint.value)
    stalling = property(lambda self: self.hint.stalling)

    @property
    def move(self) -> Move | None:
        return self.hint.move

    @property
    def to(self) -> Any:
        """The position the winning move leads to (``None`` at a P-position)."""
        return self.hint.to if self.hint.move is not None else None

    @property
    def notation(self) -> str | None:
        return self.hint.move.notation() if self.hint.move is not None else None

    def lines(self) -> list[str]:
        """The hint in words, as ``nimlab hint`` prints it under its first line."""
        return self.hint.lines()

    def to_json(self) -> dict:
        return self.hint.to_dict()

    def __repr__(self) -> str:
        here = f"{self.game.describe()} {self.game.format(self.position)}"
        if self.move is None:
            return f"PositionHint({here}: P-position, no winning move; {self.explanation})"
        return (f"PositionHint({here}: play {self.move.notation()} ({self.move.describe()}) to "
                f"{self.game.format(self.to)}; {self.explanation})")

    def _repr_html_(self) -> str:
        lines = [escape(line) for line in self.lines()]
        return _head_html(self.game, self.position, lines)

"""Remoteness as a result: how many moves are left under perfect play (the winner wins as fast
as it can, the loser loses as slowly as it can), for a position and for each of its moves.

``to_json()`` is what the web lab's ``/api/remoteness`` answers, less its ``made_by``.  Out of the budget the
remoteness is ``None`` (JSON ``null``) with a one-line ``note`` saying why: never a guess.

>>> from nimlab.games import load
>>> from nimlab.games.base import Take
>>> game, position = load("nim", "1,2")
>>> Remoteness(game, position, "N", 3, None, (MoveRemoteness(Take(1, 1), (1, 1), "P", 2),))
Remoteness(nim 1,2: N-position, 3 moves to the end; 1 move: 2-1->1,1 (P, 2))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nimlab.games.base import ImpartialGame, Move
from nimlab.results.position import escape, piles_of, piles_svg

#: Moves shown in a ``repr`` (all of them are in ``moves`` and ``to_json()``).
REPR_MOVES = 6


@dataclass(frozen=True)
class MoveRemoteness:
    """One move with the outcome and the remoteness of the position ``to`` it leads to (a move
    to a position of remoteness ``r`` ends the game ``r + 1`` moves from now)."""

    move: Move
    to: Any
    outcome: str
    remoteness: int


@dataclass(frozen=True, repr=False)
class Remoteness:
    """The ``outcome`` (``"N"``/``"P"``) and ``remoteness`` of ``position`` and ``moves`` (one
    :class:`MoveRemoteness` per move), or ``None`` for both with ``note`` saying why (out of the
    budget, a game with cycles); ``note`` also says when the moves are too many to list."""

    game: ImpartialGame
    position: Any
    outcome: str | None
    remoteness: int | None
    note: str | None = None
    moves: tuple[MoveRemoteness, ...] = ()

    @property
    def known(self) -> bool:
        return self.remoteness is not None

    def of(self, move: Move) -> MoveRemoteness | None:
        """The entry of ``move`` (matched by its notation), or None when it is not listed."""
        notation = move.notation()
        for entry in self.moves:
            if entry.move.notation() == notation:
                return entry
        return None

    def to_json(self) -> dict:
        return {"position": self.game.format(self.position), "outcome": self.outcome,
                "remoteness": self.remoteness, "note": self.note,
                "moves": [{"notation": m.move.notation(), "to": self.game.format(m.to),
                           "outcome": m.outcome, "remoteness": m.remoteness}
                          for m in self.moves]}

    def summary(self) -> str:
        """The position's remoteness in words (or why it is unknown)."""
        if not self.known:
            return self.note or "remoteness unknown"
        moves = "move" if self.remoteness == 1 else "moves"
        return f"{self.outcome}-position, {self.remoteness} {moves} to the end"

    def line(self) -> str:
        """One line for a report: ``remoteness: ...`` or the note saying why it is unknown."""
        return f"remoteness: {self.summary()}" if self.known else self.summary()

    def __repr__(self) -> str:
        here = f"{self.game.describe()} {self.game.format(self.position)}"
        if not self.known:
            return f"Remoteness({here}: {self.summary()})"
        shown = ", ".join(f"{m.move.notation()}->{self.game.format(m.to)} ({m.outcome}, "
                          f"{m.remoteness})" for m in self.moves[:REPR_MOVES])
        more = f", ... {len(self.moves) - REPR_MOVES} more" if len(self.moves) > REPR_MOVES \
            else ""
        count = f"{len(self.moves)} move{'' if len(self.moves) == 1 else 's'}"
        listed = f"; {count}: {shown}{more}" if self.moves else ""
        note = f"; {self.note}" if self.note else ""
        return f"Remoteness({here}: {self.summary()}{listed}{note})"

    def _repr_html_(self) -> str:
        piles, rest = piles_of(self.game, self.position)
        suffix = getattr(self.game, "suffix_option", None)
        picture = piles_svg(piles, f"{suffix or 'and'}: {rest}" if rest else "")
        head = (f'<div style="display:flex;gap:1em;align-items:center">{picture}<div><b>'
                f"{escape(self.game.describe())} {escape(self.game.format(self.position))}</b>"
                f"<div>{escape(self.summary())}</div>"
                + (f"<div><small>{escape(self.note)}</small></div>"
                   if self.note and self.known else "") + "</div></div>")
        if not self.moves:
            return head
        body = "".join(f"<tr><td>{escape(m.move.notation())}</td><td>{escape(m.move.describe())}"
                       f"</td><td>{escape(self.game.format(m.to))}</td><td>{m.outcome}</td>"
                       f"<td>{m.remoteness}</td></tr>" for m in self.moves)
        return (f"{head}<table><tr><th>notation</th><th>move</th><th>to</th><th>outcome</th>"
                f"<th>remoteness there</th></tr>{body}</table>")

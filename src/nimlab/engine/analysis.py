"""The answer types every layer shares: :class:`Answer`, :class:`Option`, :class:`Analysis`.

A leaf module: it imports only :mod:`nimlab.games.base` and :mod:`nimlab.errors`, so games,
strategies, kernels, the dispatcher (:mod:`nimlab.solve`) and the command line can all use it
without importing one another.

* :class:`Answer` - what one *fast path* (a closed form, a proven period, a kernel table) or the
  solver knows of one position: the outcome, the Sprague-Grundy value when known (``None`` when
  only the outcome is known), the ``method`` and ``source`` that produced it, and a winning move.
* :class:`Option` - one move, where it leads, and the value (or only the outcome) there.
* :class:`Analysis` - a position with its options, ``method`` and ``source``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nimlab.errors import NimlabError
from nimlab.games.base import ImpartialGame, Move

#: The methods an answer may name, fastest first.
METHODS = ("closed form", "proven period", "kernel table", "solver")
#: Source of answers computed by the generic solver.
SOLVER_SOURCE = "Sprague-Grundy values computed by the solver"


def outcome_of(value: int) -> str:
    """``"P"`` for value 0 (previous player wins), else ``"N"`` (next player wins)."""
    return "P" if value == 0 else "N"


@dataclass(frozen=True)
class Answer:
    """What one method knows of one position.

    ``value`` is ``None`` when only the outcome is known; a P-position always has value 0.
    ``winning_move`` is a move to a P-position (``None`` at a P-position or when the method does
    not name one).  ``reason`` says why in words (optional).
    """

    outcome: str
    value: int | None
    method: str
    source: str
    winning_move: Move | None = None
    reason: str = ""

    def __post_init__(self) -> None:
        if self.outcome not in ("P", "N"):
            raise NimlabError(f"an answer's outcome is P or N, got {self.outcome!r}")
        if self.value is not None and outcome_of(self.value) != self.outcome:
            raise NimlabError(f"inconsistent answer: value {self.value} with outcome "
                              f"{self.outcome} ({self.method}: {self.source})")
        if self.value is None and self.outcome == "P":
            object.__setattr__(self, "value", 0)


@dataclass(frozen=True)
class Option:
    """One move from a position, where it leads and the value there (``None``: outcome only)."""

    move: Move
    position: Any
    value: int | None
    outcome: str = ""

    def __post_init__(self) -> None:
        if not self.outcome:
            if self.value is None:
                raise NimlabError("an option needs a value or an outcome")
            object.__setattr__(self, "outcome", outcome_of(self.value))

    @property
    def winning(self) -> bool:
        return self.outcome == "P"


@dataclass(frozen=True)
class Analysis:
    """Everything known of one position: value (``None`` when only the outcome is known),
    outcome, options, and the method and source of the answer."""

    game: ImpartialGame
    position: Any
    value: int | None
    options: list[Option] = field(default_factory=list)
    outcome: str = ""
    method: str = "solver"
    source: str = SOLVER_SOURCE

    def __post_init__(self) -> None:
        if not self.outcome:
            if self.value is None:
                raise NimlabError("an analysis needs a value or an outcome")
            object.__setattr__(self, "outcome", outcome_of(self.value))

    @property
    def winning_moves(self) -> list[Option]:
        return [o for o in self.options if o.winning]

    def to_dict(self, *, options: bool = True) -> dict:
        game = self.game
        data = {**position_summary(game, self.position, self.outcome), "value": self.value,
                "method": self.method, "source": self.source}
        if options:
            data["options"] = [option_dict(game, o) for o in self.options]
        return data


def position_summary(game: ImpartialGame, position: Any, outcome: str) -> dict:
    """The JSON head every report on a position starts with: game, parameters, position,
    outcome, and what the game derives from the outcome (e.g. the winning player)."""
    return {"game": game.name, "params": game.params(), "position": game.format(position),
            "outcome": outcome, **game.winner_label(outcome)}


def option_dict(game: ImpartialGame, option: Option) -> dict:
    return {
        "move": option.move.describe(),
        "notation": option.move.notation(),
        "to": game.format(option.position),
        "value": option.value,
        "outcome": option.outcome,
        "winning": option.winning,
    }

"""What the command line needs to know of each game (:class:`GameSpec`), by name (:data:`GAMES`):
the built-in games (filled by :mod:`nimlab.games`) and the games of one's own
(:mod:`nimlab.games.registry`)."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["GameSpec", "GAMES"]


@dataclass(frozen=True)
class GameSpec:
    """What the command line needs to know of a game."""

    name: str
    cls: type
    options: tuple[str, ...]
    required: tuple[str, ...]
    example_options: dict = field(default_factory=dict)
    example_position: str = ""


#: Every game by its command-line name.
GAMES: dict[str, GameSpec] = {}

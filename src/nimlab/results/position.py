"""A game position as a value: its text, its piles, and a small SVG picture of them.

The picture is drawn from the game's own text of the position (``game.format``): the numbers
before a ``/`` are the piles, what follows (Fibonacci Nim's last removal, the budgets of NIM with
cash) is written under them, so no game is known here by name.

>>> from nimlab.games import load
>>> p = Position(*load("fibonacci", "9,4/3"))
>>> p.piles, p.rest
((9, 4), '3')
>>> "<svg" in p._repr_svg_()
True
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from nimlab.games.base import ImpartialGame, split_suffix

#: Tokens drawn one by one up to this many; a taller pile is a bar with its number.
TOKENS = 12


def escape(text: Any) -> str:
    return html.escape(str(text), quote=True)


def piles_of(game: ImpartialGame, position: Any) -> tuple[tuple[int, ...], str]:
    """The piles of ``position`` and the rest of its text (after ``/``), from ``game.format``."""
    head, rest = split_suffix(game.format(position))
    rest = rest or ""
    piles = []
    for part in head.split(","):
        part = part.strip()
        if part.isdigit():
            piles.append(int(part))
    return tuple(piles), rest.strip()


def piles_svg(piles: tuple[int, ...], caption: str = "", title: str = "") -> str:
    """Piles as columns of tokens (or bars with their size, for big piles), numbered from 1."""
    width = 26
    height = 150
    top = max(piles, default=0)
    columns = []
    for k, size in enumerate(piles):
        x = 12 + k * (width + 10)
        if size <= TOKENS:
            for t in range(size):
                cy = height - 36 - t * 9
                columns.append(f'<circle cx="{x + width / 2}" cy="{cy}" r="4.2" '
                               'fill="#2c7fb8"/>')
        else:
            bar = max(8.0, (height - 50) * (size.bit_length() / max(top.bit_length(), 1)))
            columns.append(f'<rect x="{x + 4}" y="{height - 32 - bar:.1f}" width="{width - 8}" '
                           f'height="{bar:.1f}" fill="#2c7fb8" rx="2"/>')
        label = str(size)
        font = 11 if len(label) <= 4 else max(5, int(44 / len(label)) + 3)
        columns.append(f'<text x="{x + width / 2}" y="{height - 18}" font-size="{font}" '
                       f'text-anchor="middle">{escape(label)}</text>')
        columns.append(f'<text x="{x + width / 2}" y="{height - 6}" font-size="9" '
                       f'fill="#666" text-anchor="middle">pile {k + 1}</text>')
    total = max(12 + len(piles) * (width + 10) + 4, 120)
    head = f'<text x="6" y="12" font-size="11">{escape(title)}</text>' if title else ""
    tail = (f'<text x="6" y="{height + 12}" font-size="10" fill="#444">{escape(caption)}</text>'
            if caption else "")
    full = height + (16 if caption else 0)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{full}" '
            f'viewBox="0 0 {total} {full}" font-family="sans-serif">{head}'
            f'{"".join(columns)}{tail}</svg>')


@dataclass(frozen=True, repr=False)
class Position:
    """A position of a game: ``text`` as the command line writes it, ``piles``, and a picture."""

    game: ImpartialGame
    position: Any

    @property
    def text(self) -> str:
        return self.game.format(self.position)

    @property
    def piles(self) -> tuple[int, ...]:
        return piles_of(self.game, self.position)[0]

    @property
    def rest(self) -> str:
        return piles_of(self.game, self.position)[1]

    def __repr__(self) -> str:
        return f"Position({self.game.describe()} {self.text})"

    def to_json(self) -> str:
        return self.text

    def _repr_svg_(self) -> str:
        piles, rest = piles_of(self.game, self.position)
        suffix = getattr(self.game, "suffix_option", None)
        caption = f"{suffix or 'and'}: {rest}" if rest else ""
        return piles_svg(piles, caption, f"{self.game.describe()} {self.text}")

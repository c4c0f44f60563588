"""The games nimlab knows, as data (``nimlab games --json``).

>>> rows = game_catalogue()
>>> rows[0]["name"], rows[0]["example"]
('nim', 'nimlab value nim 3,5,7')
"""

from __future__ import annotations

from nimlab.games import GAMES, OPTIONS

__all__ = ["game_catalogue"]


def game_catalogue() -> list[dict]:
    """One dict per game: name, rules, source, options, required, example, fast_paths."""
    rows = []
    for spec in GAMES.values():
        options = {f"--{o}": OPTIONS[o] for o in spec.options}
        example = " ".join([spec.example_position] +
                           [f"--{k} {v}" for k, v in spec.example_options.items()])
        rows.append({"name": spec.name, "rules": spec.cls.summary, "source": spec.cls.source,
                     "options": options, "required": [f"--{o}" for o in spec.required],
                     "example": f"nimlab value {spec.name} {example}",
                     "fast_paths": list(spec.cls.fast_paths)})
    return rows

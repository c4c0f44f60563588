"""The games nimlab knows, as data (``nimlab games --json``).

>>> rows = game_catalogue()
>>> rows[0]["name"], rows[0]["example"]
('nim', 'nimlab value nim 3,5,7')
"""

from __future__ import annotations

from nimlab.games import GAMES, OPTIONS, load_user_games
from nimlab.games.registry import user_games

__all__ = ["game_catalogue"]


def game_catalogue() -> list[dict]:
    """One dict per game: name, rules, source, options, required, example, fast_paths, and
    for a game of one's own where it comes from (``origin``: a rules file, an entry point)."""
    load_user_games()
    own = user_games()
    rows = []
    for spec in GAMES.values():
        if spec.name in own:
            helps = getattr(spec.cls, "rule_options", {}) or {}
            options = {f"--option {o}=VALUE": helps[o] for o in spec.options}
        else:
            options = {f"--{o}": OPTIONS[o] for o in spec.options}
        example = " ".join([spec.example_position or "POSITION"] +
                           [f"--{k} {v}" for k, v in spec.example_options.items()])
        row = {"name": spec.name, "rules": spec.cls.summary, "source": spec.cls.source,
               "options": options, "required": [f"--{o}" for o in spec.required],
               "example": f"nimlab value {spec.name} {example}",
               "fast_paths": [*spec.cls.__dict__.get("fast_paths", ()),
                              *spec.cls.family_fast_paths]}
        if spec.name in own:
            row["origin"] = own[spec.name][1]
            row["example"] += f" --rules {own[spec.name][1].removeprefix('--rules ')}" \
                if own[spec.name][1].startswith("--rules ") else ""
        rows.append(row)
    return rows

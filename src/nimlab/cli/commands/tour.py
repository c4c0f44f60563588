"""``nimlab tour``: each game, a position, its value and a winning move, with its paper."""

from __future__ import annotations

from pathlib import Path

import click

from nimlab.cli import common
from nimlab.cli.common import console, styled, emit_json, json_option
from nimlab.engine.solver import solver_for
from nimlab.games import GAMES, load
from nimlab.references import cite


def tour_stops() -> list[dict]:
    stops = []
    for spec in GAMES.values():
        game, position = load(spec.name, spec.example_position, **spec.example_options)
        analysis = solver_for(game).analyse(position)
        best = analysis.winning_moves[:1]
        stops.append({
            "game": spec.name,
            "source": spec.cls.source,
            "rules": spec.cls.summary,
            "params": game.params(),
            "position": game.format(position),
            "value": analysis.value,
            "outcome": analysis.outcome,
            **game.winner_label(analysis.outcome),
            "winning_move": best[0].move.describe() if best else None,
            "to": game.format(best[0].position) if best else None,
        })
    return stops


#: The tour's picture: Sharing Nim's heat map up to this b.
PICTURE_BOUND = 120


def default_picture() -> Path:
    """Where the tour draws its picture unless told: nimlab's own cache directory."""
    from nimlab.store import cache_dir

    return cache_dir() / "tour-sharing-heatmap.png"


def draw_picture(path: Path) -> Path:
    """The Sharing Nim heat map (``nimlab plot sharing-heatmap --max 120``) at ``path``."""
    from nimlab.research import plots

    if path == default_picture():
        path.parent.mkdir(parents=True, exist_ok=True)  # nimlab's own directory
    return plots.save(plots.sharing_heatmap_figure(PICTURE_BOUND), path)


@click.command("tour")
@click.option("--picture", type=common.Path(dir_okay=False), default=None, metavar="FILE",
              help="Where to draw the tour's picture (.pdf, .png or .svg; default: in nimlab's "
                   "cache directory).")
@json_option
def command(picture: str | None, as_json: bool) -> None:
    """A tour of every game: a position, its value and a winning move; then a picture."""
    target = Path(picture) if picture else default_picture()
    if picture:
        from nimlab.research import plots

        plots.check_target(target)  # before any work
    stops = tour_stops()
    if as_json:
        emit_json(stops)
        return
    console.print(styled(("nimlab tour", "bold"), ": every game of the four papers, solved.\n"))
    for stop in stops:
        params = ", ".join(f"{k} {v}" for k, v in stop["params"].items())
        console.print(styled((stop['game'], "bold cyan"),
                             f"{' (' + params + ')' if params else ''}: {stop['rules']}"))
        console.print(f"  from {stop['source']}")
        line = f"  position {stop['position']}: value {stop['value']}, {stop['outcome']}-position"
        if "winner" in stop:
            line += f", Player {stop['winner']} wins"
        console.print(line)
        if stop["winning_move"]:
            console.print(f"  winning move: {stop['winning_move']} -> {stop['to']}\n")
        else:
            console.print("  no winning move: the player to move loses against perfect play\n")
    drawn = draw_picture(target)
    console.print(f"Sharing Nim's values G(0,a,b) for b <= {PICTURE_BOUND}, drawn: {drawn}")
    console.print(f"  (each column reads the same upwards and downwards: "
                  f"{cite('sharing', 'Theorem 1')}; `nimlab plot sharing-heatmap --max N --out "
                  "FILE` draws larger ones)")

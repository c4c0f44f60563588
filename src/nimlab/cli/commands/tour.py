"""``nimlab tour``: each game, a position, its value and a winning move, with its paper."""

from __future__ import annotations

import click

from nimlab.cli.common import console, styled, emit_json, json_option
from nimlab.engine.solver import solver_for
from nimlab.games import GAMES, load


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


@click.command("tour")
@json_option
def command(as_json: bool) -> None:
    """A tour of every game: a position, its value and a winning move."""
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

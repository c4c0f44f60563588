"""A game against the computer, as plain text in and out (``nimlab play``).

Everything here works on lines: :func:`run` reads the player's commands with a ``read_line``
function (``""`` or ``None`` at end of input means *quit*) and writes with ``write``, so a game
can be played in a terminal, through a pipe, or from a test.

The player types a move in the game's short notation (``P-K`` take K from pile P; ``U>V:K`` move
K tokens from pile U to pile V; ``L-K``/``R-K`` End-Nim's end piles; ``K`` for one heap;
``both-K`` Wythoff's diagonal move), or one of ``hint``, ``undo`` (take back your last move and
the computer's reply), ``moves``, ``help`` and ``quit``.  An illegal move is refused with the
reason and the player is asked again.

The computer's levels: ``perfect`` plays the hint
of :func:`nimlab.strategy.hint`: a winning move whenever there is one, else the stalling move.
``errs-P`` plays perfectly except that, on each move with probability P %, it plays a random
move instead, as a person who slips now and then.  ``ahead-K`` looks only K moves ahead (its
own and the replies): it takes a win it can force within K moves, avoids a move that lets the
opponent force one within K - 1, and otherwise plays at random, as a person who calculates a
few moves deep.  ``easy`` plays a random move (under misere play a move that ends the game only
when nothing else is left).  Random choices come from a :class:`random.Random` seeded with
``seed``.

With ``as_json`` every event is one JSON object on its own line, with an ``event`` field:
``start`` (game, params, position, first, level), ``position`` (position, to_move, and for cash
the ``money`` of each player), ``move`` (player, move, notation, to), ``illegal`` (input,
reason), ``hint`` (the fields of ``nimlab hint --json``), ``moves`` (list of notations),
``undo`` (position), ``help`` (text), ``thinking`` (the computer is choosing), ``unsolved``
(reason: the perfect computer could not solve the position within its budget, and what it plays
instead; its ``move`` then has ``solved: false``), ``winner`` (winner, position, reason) and
``quit``.
Players are ``"you"`` and ``"computer"``.
"""

from __future__ import annotations

import json
import random
from itertools import islice
from dataclasses import dataclass, field
from typing import Any, Callable

from nimlab.engine.solver import DEFAULT_MAX_STATES, Budget
from nimlab.errors import IllegalMove, InputError, TooManyStates, short_text
from nimlab.games.base import ImpartialGame, Move
from nimlab.solve import bounded_moves
from nimlab.strategy import hint, stalling_move

YOU, COMPUTER = "you", "computer"
LEVELS = ("perfect", "errs-10", "errs-25", "errs-50", "ahead-1", "ahead-2", "ahead-3", "easy")
#: The look-ahead levels examine at most this many moves in a position (else: at random).
AHEAD_MOVES = 60
#: Moves are listed every turn when there are at most this many.
LIST_MOVES = 12
#: The easy computer picks among at most this many moves (read lazily).
EASY_CHOICES = 1000
COMMANDS = "hint, undo, moves, help, quit"


def other(player: str) -> str:
    return COMPUTER if player == YOU else YOU


def notation_help(game: ImpartialGame) -> str:
    """How to write a move in ``game`` (the game says)."""
    return game.move_help


def draw(game: ImpartialGame, position: Any, to_move: str) -> list[str]:
    """The position as lines of text (the game draws itself)."""
    return game.draw(position, to_move, other(to_move))


@dataclass
class Match:
    """The state of one game against the computer (no input or output here)."""

    game: ImpartialGame
    position: Any
    to_move: str = YOU
    level: str = "perfect"
    seed: int | None = None
    max_states: int = DEFAULT_MAX_STATES
    time_limit: float = 20.0
    winner: str | None = None
    reason: str = ""
    history: list[Any] = field(default_factory=list)
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise InputError(f"unknown level {self.level!r}; allowed: {', '.join(LEVELS)}")
        self.rng = random.Random(self.seed)
        self._check_over(None)

    @property
    def over(self) -> bool:
        return self.winner is not None

    def _check_over(self, mover: str | None) -> None:
        game = self.game
        if not game.primitive(self.position):
            return
        if mover is None:
            self.winner = other(self.to_move)
            self.reason = f"{self.to_move} cannot move"
        elif game.misere:
            self.winner = other(mover)
            self.reason = f"{mover} ended the game, and under misere play that loses"
        else:
            self.winner = mover
            self.reason = f"{mover} moved last: {other(mover)} cannot move"

    def play(self, move: Move) -> Any:
        """Play ``move`` for the player to move (checked; raises IllegalMove with the reason)."""
        if self.over:
            raise IllegalMove("the game is over")
        after = self.game.check_move(self.position, move)
        if self.to_move == YOU:
            self.history.append(self.position)
        mover = self.to_move
        self.position = after
        self.to_move = other(mover)
        self._check_over(mover)
        return after

    def parse(self, text: str) -> Move:
        """Read the player's move (raises IllegalMove with the reason)."""
        return self.game.parse_move(text, self.position)

    def computer_move(self) -> tuple[Move, str | None]:
        """The computer's move and, when the perfect computer could not solve the position
        within its budget, a sentence saying so and what it plays instead (it never pretends
        to play perfectly where it did not solve)."""
        game, position = self.game, self.position
        if self.level.startswith("errs-") and \
                self.rng.random() * 100 >= int(self.level.partition("-")[2]):
            return self._perfect_move()
        if self.level.startswith("ahead-"):
            found = look_ahead(game, position, int(self.level.partition("-")[2]), self.rng)
            if found is not None:
                return found, None
        if self.level == "perfect":
            return self._perfect_move()
        choices = bounded_moves(game, position, EASY_CHOICES) or \
            list(islice(game.legal_moves(position), EASY_CHOICES))
        return self.rng.choice(choices), None

    def _perfect_move(self) -> tuple[Move, str | None]:
        game, position = self.game, self.position
        try:
            advice = hint(game, position, budget=self.budget)
        except TooManyStates as refused:  # out of the budget: say so, then stall
            move = stalling_move(game, position)
            return move, (f"the computer cannot solve {short_text(game.format(position))} "
                          f"within its budget ({refused}); it plays the smallest legal "
                          f"move instead: {move.notation()} ({move.describe()})")
        return (advice.move if advice.move is not None else advice.stalling), None

    @property
    def budget(self) -> Budget:
        return Budget(self.max_states, self.time_limit)

    def undo(self) -> bool:
        """Take back the player's last move and the computer's reply, if it came (a game that
        ended goes on again); False if the player has not moved."""
        if not self.history:
            return False
        self.position = self.history.pop()
        self.to_move = YOU
        self.winner, self.reason = None, ""
        return True


def look_ahead(game: ImpartialGame, position: Any, depth: int, rng: random.Random
               ) -> Move | None:
    """The move of a player who looks ``depth`` moves ahead (the ``ahead-K`` levels): a move
    that forces a win within ``depth`` moves, else one after which the opponent cannot force a
    win within ``depth - 1``, else any; chosen at random among equals.  ``None`` when the
    position has more than :data:`AHEAD_MOVES` moves (the caller then plays at random)."""
    seen: dict[tuple[Any, int, bool], bool] = {}

    def moves_of(here: Any) -> list[Move] | None:
        found = list(islice(game.legal_moves(here), AHEAD_MOVES + 1))
        return None if len(found) > AHEAD_MOVES else found

    def ends(here: Any) -> bool | None:
        # at an end: whether the player to move there has won (misere: the last mover lost)
        return game.misere if game.primitive(here) else None

    def forced(here: Any, plies: int, win: bool) -> bool:
        """Whether the player to move at ``here`` can force a win (``win``), or is sure to
        lose (not ``win``), within ``plies`` moves."""
        over = ends(here)
        if over is not None:
            return over == win
        if plies == 0:
            return False
        key = (here, plies, win)
        if key not in seen:
            options = moves_of(here)
            if options is None:
                seen[key] = False
            else:
                after = (forced(game.do_move(here, m), plies - 1, not win) for m in options)
                seen[key] = any(after) if win else (bool(options) and all(after))
        return seen[key]

    options = moves_of(position)
    if not options:
        return None
    winning = [m for m in options if forced(game.do_move(position, m), depth - 1, False)]
    safe = [m for m in options if not forced(game.do_move(position, m), depth - 1, True)]
    return rng.choice(winning or safe or options)


HELP = ("Type a move, or: hint (the best move and why), undo (take back your last move and the "
        "computer's reply), moves (list the legal moves), quit.")


def run(match: Match, read_line: Callable[[], str | None], write: Callable[[str], None],
        as_json: bool = False) -> str | None:
    """Play ``match`` to the end; returns the winner (``None`` if the player quit)."""
    game = match.game

    def emit(event: str, shown: str | None = None, **data: Any) -> None:
        if as_json:
            write(json.dumps({"event": event, **data}))
        elif shown is not None:
            write(shown)

    emit("start", f"{game.describe()}: {game.summary}. You are "
         f"{'first' if match.to_move == YOU else 'second'}; the computer plays {match.level}.",
         game=game.name, params=game.params(), position=game.format(match.position),
         first=match.to_move, level=match.level)
    emit("help", f"Moves are written {notation_help(game)}. {HELP}", help=HELP)
    while not match.over:
        position_event(match, emit)
        if match.to_move == COMPUTER:
            emit("thinking", "computer is thinking...")
            move, unsolved = match.computer_move()
            if unsolved:
                emit("unsolved", f"Note: {unsolved}.", reason=unsolved)
            match.play(move)
            emit("move", f"computer plays {move.notation()}: {move.describe()}",
                 player=COMPUTER, move=move.describe(), notation=move.notation(),
                 to=game.format(match.position), solved=unsolved is None)
            continue
        if not as_json:
            listed = bounded_moves(game, match.position, LIST_MOVES)
            if listed:
                write("your moves: " + " ".join(m.notation() for m in listed))
            else:
                write(f"more than {LIST_MOVES} moves; write {notation_help(game)}")
        if not human_turn(match, read_line, write, emit, as_json):
            emit("quit", "You quit. Goodbye.")
            return None
    position_event(match, emit)
    text = ("You win!" if match.winner == YOU else "The computer wins.") + f" ({match.reason})"
    emit("winner", text, winner=match.winner, position=game.format(match.position),
         reason=match.reason)
    return match.winner


def position_event(match: Match, emit: Callable) -> None:
    game = match.game
    data: dict[str, Any] = {"position": game.format(match.position), "to_move": match.to_move,
                            **game.state(match.position, match.to_move, other(match.to_move))}
    turn = "game over" if match.over else \
        f"{'your' if match.to_move == YOU else 'computer'} turn"
    header = f"\n{game.format(match.position)}  ({turn})"
    emit("position", "\n".join([header] + draw(game, match.position, match.to_move)), **data)


def human_turn(match: Match, read_line, write, emit, as_json: bool) -> bool:
    """Read commands until the player has moved (True) or quit (False)."""
    game = match.game
    while True:
        if not as_json:
            write("your move> ")
        line = read_line()
        if not line:
            return False
        text = line.strip()
        command = text.lower()
        if command in ("quit", "q", "exit"):
            return False
        if command in ("help", "?", ""):
            emit("help", f"Moves are written {notation_help(game)}. {HELP}", help=HELP)
            continue
        if command == "hint":
            try:
                advice = hint(game, match.position, budget=match.budget)
            except TooManyStates as refused:
                emit("illegal", f"No hint: {refused}", input=text, reason=str(refused))
                continue
            emit("hint", "\n".join(advice.lines()), **advice.to_dict())
            continue
        if command == "moves":
            listed = bounded_moves(game, match.position, 200)
            if listed is None:
                emit("illegal", f"More than 200 moves; write {notation_help(game)}.", input=text,
                     reason="too many moves to list")
                continue
            listed = listed or list(islice(game.legal_moves(match.position), 200))
            emit("moves", "moves: " + " ".join(m.notation() for m in listed),
                 moves=[m.notation() for m in listed])
            continue
        if command == "undo":
            if match.undo():
                emit("undo", "Took back your last move and the computer's reply.",
                     position=game.format(match.position))
                position_event(match, emit)
            else:
                emit("illegal", "Nothing to undo.", input=text, reason="nothing to undo")
            continue
        try:
            move = match.parse(text)
            match.play(move)
        except InputError as refused:
            emit("illegal", f"Not allowed: {refused}. Try again ({COMMANDS}).", input=text,
                 reason=str(refused))
            continue
        emit("move", f"you play {move.notation()}: {move.describe()}", player=YOU,
             move=move.describe(), notation=move.notation(), to=game.format(match.position))
        return True

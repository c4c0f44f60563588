"""Games of one's own, by name: rules files (``--rules FILE.py``), entry points, ``register``.

Rules are code, so they come only from the command line (``--rules``), the Python API
(:func:`register`, :func:`load_rules`) or installed packages (the entry-point group
``nimlab.games``, each entry a game class), never from a web request.  A rules file is run as a
module; every game class it defines (a subclass of :class:`nimlab.Game` with rules) is registered
under its ``name``, which may not be a built-in game's.  The files loaded are also listed in the
environment variable ``NIMLAB_RULES`` (paths separated by ``os.pathsep``), so that the worker
processes nimlab starts (the web lab's, Dask's) find the same games.

Every failure is one line: a file that is missing or has a syntax error, a file that raises while
it runs, a file with no game, a name that clashes.
"""

from __future__ import annotations

import inspect
import os
import sys
import types
import warnings
from pathlib import Path
from typing import Any

from nimlab.errors import InputError, NimlabWarning
from nimlab.games.base import ImpartialGame
from nimlab.games.rules import Game, HeapGame, RulesError
from nimlab.games.specs import GAMES, GameSpec

__all__ = ["register", "forget", "needs_formula", "is_own", "load_rules", "load_entry_points", "load_inherited", "user_games",
           "ENTRY_POINTS", "RULES_VARIABLE"]

#: The entry-point group through which a package ships games.
ENTRY_POINTS = "nimlab.games"
#: The environment variable that hands the rules files loaded to nimlab's worker processes.
RULES_VARIABLE = "NIMLAB_RULES"

#: name -> (class, where it came from), for the games registered in this process.
_USER: dict[str, tuple[type, str]] = {}
_LOADED_FILES: set[str] = set()
_ENTRY_POINTS_LOADED = False


def user_games() -> dict[str, tuple[type, str]]:
    """The games registered in this process: name -> (class, origin)."""
    return dict(_USER)


def is_own(name: Any) -> bool:
    """Whether ``name`` is a game of one's own (installed packages and a parent's rules files
    loaded first)."""
    if isinstance(name, str) and name not in GAMES:
        load_entry_points()
        load_inherited()
    return isinstance(name, str) and name in _USER


def needs_formula(name: Any, tool: str) -> None:
    """Refuse, in one line, ``nimlab prove`` or ``discover`` for a game of one's own: both work
    from the move relation as a formula of the prover's language (the class's
    ``move_formula``), which such a game may not give; say what gives evidence instead."""
    if is_own(name) and getattr(_USER[name][0], "move_formula", None) is None:
        raise InputError(f"`nimlab {tool} {name}` needs the game's move relation as a formula of "
                         f"nimlab prove's language (move_formula), which {name} does not give; "
                         f"for evidence: `nimlab table {name}` and `nimlab periodicity {name}`")


def has_rules(cls: type) -> bool:
    """Whether ``cls`` says how to move (not an abstract helper class)."""
    if inspect.isabstract(cls):
        return False
    if issubclass(cls, HeapGame):
        return cls.heap_moves is not HeapGame.heap_moves
    if issubclass(cls, Game):
        return cls.moves is not Game.moves or cls.legal_moves is not Game.legal_moves
    return True


def register(cls: Any, origin: str = "the Python API") -> type:
    """Make game class ``cls`` known by its ``name`` to every tool (also usable as a class
    decorator).  Refused in one line: not a game class, no rules, a name that clashes."""
    if not (isinstance(cls, type) and issubclass(cls, ImpartialGame)):
        raise RulesError(f"{origin}: {cls!r} is not a game class (a subclass of nimlab.Game)")
    if not has_rules(cls):
        raise RulesError(f"{origin}: {cls.__name__} has no rules: write moves(self, position) "
                         "(or heap_moves(self, n) for a HeapGame)")
    name = cls.name
    if not name or any(c.isspace() or c in ",/;" for c in name):
        raise RulesError(f"{origin}: {cls.__name__}.name {name!r} cannot be a game's name on "
                         "the command line (no spaces, commas, / or ;)")
    if name in GAMES and name not in _USER:
        raise RulesError(f"{origin}: the game name {name!r} of {cls.__name__} clashes with "
                         f"nimlab's built-in game {name!r}; choose another name")
    known = _USER.get(name)
    if known is not None and _same_class(known[0], cls) is False:
        raise RulesError(f"{origin}: the game name {name!r} of {cls.__name__} is taken by "
                         f"{known[0].__name__} from {known[1]}; choose another name")
    _USER[name] = (cls, origin)
    options = tuple(getattr(cls, "rule_options", {}) or {})
    example = getattr(cls, "example_position", None)
    GAMES[name] = GameSpec(name, cls, options, (), {},
                           ",".join(map(str, example)) if example is not None else "")
    return cls


def forget(name: str) -> None:
    """Unregister the game of one's own ``name`` (a built-in game cannot be forgotten)."""
    known = _USER.pop(name, None)
    if known is None:
        raise InputError(f"{name!r} is not a game of your own registered in this process")
    GAMES.pop(name, None)
    origin = known[1].removeprefix("--rules ")
    if not any(o.removeprefix("--rules ") == origin for _, o in _USER.values()):
        _LOADED_FILES.discard(str(Path(origin).expanduser().resolve()))
        _publish()


def _same_class(a: type, b: type) -> bool:
    """A file loaded twice defines its classes anew: the same name and file is the same game."""
    return a is b or (a.__qualname__ == b.__qualname__ and
                      getattr(sys.modules.get(a.__module__), "__file__", None) ==
                      getattr(sys.modules.get(b.__module__), "__file__", None))


def load_rules(path: str | os.PathLike) -> list[type]:
    """Run the rules file ``path`` and register each game class it defines; the classes."""
    file = Path(path).expanduser()
    label = f"--rules {path}"
    try:
        source = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{label}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"{label}: cannot read it: {getattr(error, 'strerror', None) or error}"
                         ) from None
    try:
        code = compile(source, str(file), "exec")
    except SyntaxError as error:
        raise RulesError(f"{label}: syntax error at line {error.lineno}: {error.msg}") from None
    resolved = str(file.resolve())
    module_name = f"nimlab_rules_{abs(hash(resolved)):x}"
    module = types.ModuleType(module_name)
    module.__file__ = resolved
    sys.modules[module_name] = module  # classes pickle by module name (worker processes)
    try:
        exec(code, module.__dict__)
    except Exception as error:  # the user's code: one line, never a traceback
        sys.modules.pop(module_name, None)
        where = _line_of(error, resolved)
        raise RulesError(f"{label}: running it raised {type(error).__name__}{where}: "
                         f"{error}") from None
    found = [obj for obj in vars(module).values()
             if isinstance(obj, type) and issubclass(obj, ImpartialGame)
             and obj.__module__ == module_name and has_rules(obj)]
    if not found:
        raise RulesError(f"{label}: defines no game: write a subclass of nimlab.Game with "
                         "moves(self, position), or of nimlab.HeapGame with heap_moves(self, n)")
    for cls in found:
        register(cls, origin=label)
    _LOADED_FILES.add(resolved)
    _publish()
    return found


def _line_of(error: BaseException, filename: str) -> str:
    tb = error.__traceback__
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return f" at line {line}" if line else ""


def _publish() -> None:
    os.environ[RULES_VARIABLE] = os.pathsep.join(sorted(_LOADED_FILES))


def load_inherited() -> None:
    """Load the rules files a parent process handed down (:data:`RULES_VARIABLE`)."""
    for path in filter(None, os.environ.get(RULES_VARIABLE, "").split(os.pathsep)):
        if str(Path(path).resolve()) not in _LOADED_FILES:
            load_rules(path)


def load_entry_points() -> None:
    """Register the games installed packages ship (group :data:`ENTRY_POINTS`), once.  A broken
    entry is skipped with a one-line warning: one bad package does not stop nimlab."""
    global _ENTRY_POINTS_LOADED
    if _ENTRY_POINTS_LOADED:
        return
    _ENTRY_POINTS_LOADED = True
    from importlib.metadata import entry_points

    for entry in entry_points(group=ENTRY_POINTS):
        origin = f"entry point {entry.name} = {entry.value}"
        try:
            register(entry.load(), origin=origin)
        except Exception as error:  # a package's code
            warnings.warn(f"{origin} skipped: {type(error).__name__}: {error}", NimlabWarning,
                          stacklevel=2)


def split_rules_arguments(args: list[str]) -> tuple[list[str], list[str]]:
    """``(rules files, the other arguments)`` of a command line: ``--rules FILE`` and
    ``--rules=FILE`` anywhere before ``--``."""
    files, rest, i = [], [], 0
    while i < len(args):
        word = args[i]
        if word == "--":
            rest.extend(args[i:])
            break
        if word == "--rules":
            if i + 1 >= len(args):
                raise InputError("--rules needs a file: --rules FILE.py")
            files.append(args[i + 1])
            i += 2
            continue
        if word.startswith("--rules="):
            files.append(word.split("=", 1)[1])
        else:
            rest.append(word)
        i += 1
    return files, rest

"""Tables of values (``nimlab table``) from Python: :func:`table`.

>>> t = table("sharing", max=20)
>>> int(t.to_numpy()[4, 8])
3
>>> t
TableResult('Sharing Nim: G(0,a,b) for 0 <= a <= b <= 20 (...)': grid, 21 rows x 21 columns)
"""

from __future__ import annotations

from typing import Any

from nimlab.engine.solver import DEFAULT_MAX_STATES
from nimlab.lab.inputs import budget, option_text, progress_of, whole
from nimlab.results.table import TableResult
from nimlab.tables import Table, build_table, write_table

__all__ = ["table"]


#: The names of pictures: ``out`` so named writes the table's figure.
PICTURES = (".pdf", ".png", ".svg")


def table(game: Any, max: int | None = None, *, piles: int | None = None,
          n: int | None = None, variant: str | None = None, set: Any = None,
          factor: Any = None, code: str | None = None, edges: Any = None, a: Any = None,
          max_states: int | None = None,
          cache: bool = True,
          progress: Any = None, out: Any = None) -> TableResult:
    """The table of ``game`` (``nimlab table GAME``): ``max`` the largest pile (or budget, or
    n), ``piles``, ``n`` (cash: stones), ``variant``, ``set`` (a tuple), ``factor``, ``code``
    (octal: e.g. ``"0.77"``), ``edges`` (graph-nim: ``"1-2,2-3,3-1"`` or ``[(1, 2), (2, 3),
    (3, 1)]``, vertices numbered from 1; ``piles``: the vertices, if more), ``a`` (wythoff:
    Fraenkel's a-Wythoff game, ``a=2``).  End-Nim of 3 or
    more piles and Graph Nim give one row per position, the piles then the value.  A game
    of one's own (an object, or a registered name) of one number or one heap gives its
    nim-sequence, of two numbers a grid.

    Computed by the compiled kernels through the result store (``cache=False``: neither read
    nor write it), refused in one line when it would not fit; ``progress=True`` shows a bar
    (tqdm), or pass ``progress(done, total)``.  ``out``: also write it to this file (.csv,
    .json, .npy or .tex; ``saved`` is its path), atomically, as ``nimlab table ... --out``
    does; a big Wythoff table is computed straight into an ``.npy`` file.  A picture's name
    (.pdf, .png, .svg) writes the table's figure instead (:meth:`TableResult.figure`).
    """
    from nimlab.games import ImpartialGame

    if not isinstance(game, (str, ImpartialGame)):
        from nimlab.errors import InputError

        raise InputError(f"game: give a game name or a game object, not {game!r}")
    states = DEFAULT_MAX_STATES if max_states is None else budget(max_states).max_states

    def build() -> Table:
        return build_table(game, bound=whole(max, "max"), piles=whole(piles, "piles", 1),
                           stones=whole(n, "n"), variant=option_text("variant", variant),
                           subtraction_set=option_text("set", set),
                           factor=option_text("factor", factor), code=code,
                           edges=option_text("edges", edges), a=option_text("a", a),
                           progress=progress_of(progress, f"{getattr(game, 'name', game)} table"),
                           max_states=states,
                           cache=bool(cache))

    if out is None:
        return TableResult(build())
    if str(out).lower().endswith(PICTURES):  # the table's figure: a heat map or a plot
        from nimlab.research import plots

        plots.check_target(out)  # a missing directory fails now, not after computing
        result = TableResult(build())
        return TableResult(result.table, saved=plots.save(result.figure(), out))
    built, path = write_table(out, build)
    return TableResult(built, saved=path)

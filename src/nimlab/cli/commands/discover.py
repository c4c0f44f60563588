"""``nimlab discover``: find the rule of a game's positions as an automaton, and prove it."""

from __future__ import annotations

import re
from pathlib import Path

import click

from nimlab.cli import common
from nimlab.cli.common import Seconds, console, emit_json, progress_bar, styled
from nimlab.cluster import MAX_WORKERS
from nimlab.errors import InputError

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")


def _out_paths(out: str, value: int | None) -> tuple[Path, list[Path]]:
    from nimlab.fileio import check_target

    path = check_target(out, (".txt",), "automaton file")
    if not NAME.match(path.stem):
        raise InputError(f"cannot write {path.name}: the automaton's name (the file name without "
                         ".txt) must be letters, digits and _ (it is the atom $name in formulas)")
    lower = [path.with_name(f"{path.stem}_v{g}.txt") for g in range(value or 0)]
    return path, lower


def _numeration_words(base: str) -> str:
    """How the numbers of a discovered automaton are written, in a few words."""
    if base in ("2", "fib"):
        return "Zeckendorf" if base == "fib" else "base 2"
    from nimlab.prove.numerations import get

    return f"{base} ({get(base).description})"


def _reprove(game, piles, variant, subtraction_set, edges, base, path: Path, found,
             factor=None, a=None) -> str:
    """The `nimlab prove` command that proves the written automata again."""
    import shlex

    words = ["nimlab", "prove", game]
    for flag, val in (("--piles", piles), ("--variant", variant), ("--set", subtraction_set),
                      ("--edges", edges), ("--factor", factor), ("--a", a), ("--base", base)):
        if val is not None:
            words += [flag, str(val)]
    words += ["--automata", str(path.parent)]
    if found.target == "p-positions":
        words += ["--p-positions", found.formula]
    else:
        words += ["--value", found.target.split()[1], found.formula]
        words += ["--given", "; ".join(f"${n}({', '.join(found.variables)})"
                                       for n, _ in found.given)]
    return " ".join(shlex.quote(w) for w in words)


@click.command("discover")
@click.argument("game", metavar="GAME", required=False)
@click.option("--from", "from_file", default=None, metavar="FILE.csv",
              help="Learn from a table of one's own instead of a game: rows n1,...,nk,label "
                   "(- reads standard input); the answer is a hypothesis, never proven.")
@click.option("--piles", type=click.IntRange(min=1), default=None,
              help="Number of piles (nim, sharing, end-nim, fibonacci; graph-nim: vertices).")
@click.option("--variant", default=None, metavar="VALUE", help="end-nim: normal, misere, loop.")
@click.option("--set", "subtraction_set", default=None, metavar="VALUE",
              help="subtraction, cash: the subtraction set a1,...,ak.")
@click.option("--edges", default=None, metavar="VALUE",
              help="graph-nim: the digraph's arcs u-v, vertices numbered from 1 "
                   "(e.g. 1-2,2-3,3-1).")
@click.option("--factor", default=None, metavar="VALUE",
              help="fibonacci: the factor K (Zhou's game; read in its numeration fibK).")
@click.option("--a", "a_wythoff", default=None, metavar="A",
              help="wythoff: Fraenkel's a-Wythoff game, read in the Ostrowski numeration of "
                   "its Beatty pairs (ost[][A]).")
@click.option("--code", default=None, metavar="CODE",
              help="octal: refused, with the tool that answers (periodicity).")
@click.option("--value", type=int, default=None, metavar="G",
              help="Discover the positions of value G (the smaller values are found first).")
@click.option("--p-positions", "p_positions", is_flag=True, help="Discover the P-positions.")
@click.option("--restrict", default=None, metavar="FORMULA",
              help="Learn the set inside this slice, a formula over the position variables "
                   "(e.g. 'p1 = 0', a row): proven when every move from the slice stays in "
                   "it, else a hypothesis with the move that leaves.")
@click.option("--base", default=None, metavar="NAME",
              help="Numeration the automaton reads: 2..16, fib, fibK, ost_sqrtD, "
                   "ost[PRE][PERIOD] (default: the game's own, as nimlab prove reads it).")
@click.option("--max-digits", type=int, default=None, metavar="L",
              help="Largest box: numbers of at most L digits (default: the box learner's boxes "
                   "within --max-memory, and a box only when it can end within "
                   "--time-limit; the active learner's tables as far as the words need).")
@click.option("--max-memory", default=None, metavar="SIZE",
              help="Memory the tables and boxes may take, e.g. 2G (default: half the memory "
                   "available as the run starts); past it the answer is unknown, saying so.")
@click.option("--time-limit", type=Seconds(min=0.1, max=10**7), default=600.0, show_default=True,
              metavar="SECONDS", help="Answer unknown rather than search longer.")
@click.option("--max-states", type=click.IntRange(min=1), default=2000, show_default=True,
              help="Largest automaton to conjecture; none is answered only when more states "
                   "are certified (a lower bound with its separating words).")
@click.option("--prove-states", type=click.IntRange(min=1, max=10**8), default=None,
              metavar="N",
              help="Largest automaton a proof may build (default: 200,000, less under a small "
                   "--max-memory; a hypothesis of a thousand states may need millions, and "
                   "memory grows with it).")
@click.option("--learner", type=click.Choice(["auto", "active", "box"]), default="auto",
              show_default=True,
              help="active: L* asking the table only the words it needs; box: residual "
                   "classes of whole boxes; auto: the game's choice.")
@click.option("--workers", type=click.IntRange(min=0, max=MAX_WORKERS), default=0,
              show_default=True,
              help="Send the slabs of the boxes (the active learner's checks, the box "
                   "learner's classes) to a local Dask cluster of this many processes (0: "
                   "in this process).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Check on the Dask cluster at this address (tcp://host:port).")
@click.option("--out", type=common.Path(dir_okay=False), default=None, metavar="FILE.txt",
              help="Write the automaton in Walnut's format (smaller values beside it as "
                   "FILE_v0.txt, ...); its name is the atom $FILE in formulas.")
@click.option("--resume", type=common.Path(file_okay=False), default=None, metavar="DIR",
              help="Keep a checkpoint of the run in DIR (made if missing) and continue the run "
                   "it holds: the proven values and the active learner's table (S, E) are "
                   "not learned again. The active learner only.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def command(game, from_file, piles, variant, subtraction_set, edges, factor, a_wythoff, code,
            value,
            p_positions,
            base, max_digits,
            max_memory, time_limit, max_states, prove_states, learner, workers, scheduler, out,
            resume, as_json, restrict=None) -> None:
    """Find which positions have value G (or are P-positions), as an automaton read on the
    digits of the piles, then PROVE it for all positions.

    \b
    nimlab discover nim --piles 3 --value 0 --out bouton.txt
    nimlab discover sharing --piles 3 --value 1
    nimlab discover wythoff --p-positions --base fib
    nimlab discover end-nim --piles 3 --variant misere --p-positions --json
    nimlab discover graph-nim --edges 1-2 --p-positions
    nimlab discover --from table.csv --p-positions
    """
    from nimlab.discover.search import discover  # errors in the command line's terms
    from nimlab.lab.papers import a_wythoff as a_wythoff_option
    from nimlab.fileio import write_text

    if value is not None and p_positions:
        raise InputError("give --p-positions or --value G, not both")
    if from_file is not None or game is None:
        _from_data(game, from_file, value, p_positions, base, max_states, out, as_json)
        return
    if value is None and not p_positions:
        raise InputError("say what to discover: --p-positions or --value G")
    if value is not None and value < 0:
        raise InputError(f"a value is a natural number: --value {value} is below 0")
    a = a_wythoff_option(game, a_wythoff, "discover")
    path, lower = _out_paths(out, value) if out else (None, [])
    with progress_bar("discovering", not as_json) as update:
        found = discover(game, piles, value=value, p_positions=p_positions, base=base,
                         max_digits=max_digits, time_limit=time_limit, max_states=max_states,
                         prove_states=prove_states, learner=learner, workers=workers,
                         scheduler=scheduler,
                         max_memory=max_memory, name=path.stem if path else None,
                         resume=resume, restrict=restrict,
                         progress=lambda done, total: update(done, total or None),
                         variant=variant, set=subtraction_set, edges=edges,
                         **({"factor": factor} if factor is not None else {}),
                         **({"a": a} if a is not None else {}),
                         **({"code": code} if code is not None else {}))
    if path is not None and found.status == "proven":
        from nimlab.discover.record import discovery_files
        from nimlab.provenance import made_by_line
        texts = discovery_files(found, game, path.stem, [p.stem for p in lower], made_by_line())
        for target in lower + [path]:
            write_text(target, texts[target.stem])
    if as_json:
        data = found.to_json()
        if path is not None and found.status == "proven":
            data["files"] = [str(p) for p in lower + [path]]
        emit_json(data)
        return
    if found.status == "proven":
        what = ("P-positions" + found.target[len("p-positions"):]
                if found.target.startswith("p-positions") else f"positions of {found.target}")
        digits = _numeration_words(found.base)
        console.print(styled(("proven", "bold green"),
                             f": the {what} of {found.game} are the words accepted by an "
                             f"automaton of {found.states} states "
                             f"({', '.join(found.variables)}, {digits} digits, most "
                             "significant first)"))
        console.print(f"  formula: {found.formula}")
        if found.form:
            console.print(f"  equal to (proven): {found.form}")
        for name, dfa in found.given:
            console.print(f"  given: ${name} ({dfa.n} states, proven first)")
        console.print(f"  digits examined: {found.digits}; {found.seconds:.2f} s")
        if path is not None:
            files = ", ".join(str(p) for p in lower + [path])
            console.print(f"  written: {files} (Walnut format)")
            if restrict is None:  # (nimlab prove reads whole games, not slices)
                again = _reprove(game, piles, variant, subtraction_set, edges, base, path,
                                 found, factor=factor, a=a)
                console.print(f"  re-prove: {again}")
    elif found.status == "none":
        console.print(styled(("none", "bold red"),
                             f": no automaton of at most {max_states} states reads the "
                             f"{found.target} of {found.game}: {found.reason} "
                             f"({found.seconds:.2f} s)"))
        console.print(f"  lower bound: {found.lower_bound} states (the separating words: "
                      "--json, \"certificate\")")
        console.print(f"  evidence: {found.evidence}")
    else:
        console.print(styled(("unknown", "bold yellow"),
                             f": no automaton proven for the {found.target} of {found.game} "
                             f"({found.reason}; {found.seconds:.2f} s)"))
        if found.lower_bound is not None:
            console.print(f"  lower bound so far: {found.lower_bound} states (certified; "
                          "--json gives the separating words)")
        console.print(f"  evidence: {found.evidence}")
        if found.further:
            console.print(f"  to go further: {found.further}")
        if resume is not None:
            console.print(f"  checkpoint: {resume} (the same command with --resume {resume} "
                          "continues from it)")


#: Options of a game's discovery that mean nothing to --from (its data is the whole input).
GAME_ONLY = ("piles", "variant", "subtraction_set", "edges", "factor", "a_wythoff", "code",
             "max_digits", "max_memory", "time_limit", "prove_states", "learner", "workers",
             "scheduler", "resume", "restrict")


def _from_data(game, from_file, value, p_positions, base, max_states, out, as_json) -> None:
    """``nimlab discover --from FILE.csv``: the hypothesis learned from the data, never
    proven (so never written as a discovery: --out is refused)."""
    from click.core import ParameterSource

    from nimlab.discover.data import discover_data

    if from_file is None:
        raise InputError("give a GAME (nimlab discover nim --piles 3 --p-positions) or "
                         "--from FILE.csv")
    if game is not None:
        raise InputError(f"give a GAME or --from FILE.csv, not both ({game!r} and "
                         f"--from {from_file})")
    context = click.get_current_context()
    given = [p for p in GAME_ONLY
             if context.get_parameter_source(p) == ParameterSource.COMMANDLINE]
    if given:
        flag = next(o for o in context.command.params if o.name == given[0]).opts[0]
        raise InputError(f"{flag} is for a game; --from learns from the data alone")
    if out is not None:
        raise InputError(f"--out {out}: nothing learned from data is proven, so nothing is "
                         "written as a discovery (--json gives the hypothesis as Walnut text)")
    with progress_bar("learning", not as_json) as update:
        found = discover_data(from_file, value=value, p_positions=p_positions, base=base,
                              max_states=max_states,
                              progress=lambda done, total: update(done, total or None))
    if as_json:
        emit_json(found.to_json())
        return
    what = {"p-positions": "P-positions (label 0)", "label 1": "rows labelled 1"}.get(
        found.target, f"rows labelled {found.target.split()[-1]}")
    digits = "Zeckendorf" if found.base == "fib" else "base 2"
    if found.hypothesis is not None:
        console.print(styled(("unknown", "bold yellow"),
                             f": a hypothesis, not proven: the {what} of {found.game} are "
                             f"the words accepted by an automaton of {found.hypothesis.n} "
                             f"states ({', '.join(found.variables)}, {digits} digits, most "
                             "significant first) on every row of the data"))
        console.print("  the automaton: --json, \"hypothesis\" (Walnut's format)")
    else:
        console.print(styled(("unknown", "bold yellow"),
                             f": the {what} of {found.game}: {found.reason}"))
    console.print(f"  evidence: {found.evidence}")
    console.print(f"  to go further: {found.further}")

"""``nimlab prove``: decide statements about games for all positions (automata); a shell over
:func:`nimlab.lab.prove`."""

from __future__ import annotations

import click

from nimlab.cli import common
from nimlab.cli.common import console, emit_json, progress_bar, styled
from nimlab.lab.papers import prove
from nimlab.results.claims import ProofReport

LANGUAGE = """Formulas: variables are lowercase names; the position is p1,p2,... (and x, the
previous removal, in fibonacci). Terms: numbers, variables, +, x - y (defined where x >= y: an
atom with an undefined subtraction is false), 3*x, ^ (xor, base 2). Atoms: = != < <= > >=,
t % m = r, v in "REGEX" (digits of v, leading zeros allowed; | * + ? ( ) .), (u, v) in
"[10][01]*" (digits side by side), $name(t1, ..., tk): the saved automaton name.txt (Walnut's
format; found in the --automata directories, $NIMLAB_AUTOMATA, then the current directory),
its i-th track reading ti. Connectives ~ & | => <=>, quantifiers E v. / A v. (E u, v. f),
parentheses (at most 200 levels deep). MOVE: the move relation from p1,p2,... to q1,q2,...
(y for x). When the automata need more than 0.05 s (or reach --max-states), a counterexample
is looked for on small positions before any refusal, and the smallest one found is confirmed by
automata; proven comes from the automata only."""


def _print_result(result: dict, title: str) -> None:
    sizes = result.get("sizes", {})
    size_text = ", ".join(f"{k} {v}" for k, v in sizes.items() if k not in ("largest",
                                                                            "automata"))
    if result["status"] == "proven":
        console.print(styled(("proven", "bold green"), f": {title}"))
    else:
        ex = result["counterexample"]
        where = ",".join(map(str, ex["position"]))
        move = f"; the move to {','.join(map(str, ex['move_to']))}" if "move_to" in ex else ""
        console.print(styled(("disproven", "bold red"), f": {title}"))
        console.print(f"  smallest counterexample {where}: "
                      f"{'; '.join(ex['conditions'])}{move}")
        if ex.get("note"):
            console.print(f"  ({ex['note']})")
        if result.get("found_by") == "box search":
            console.print("  (found among the small positions, confirmed there by automata)")
    console.print(f"  automata (states): {size_text + '; ' if size_text else ''}largest "
                  f"{sizes.get('largest')}, {sizes.get('automata')} built; "
                  f"{result['seconds']:.2f} s")


def _print_claims(found: ProofReport) -> None:
    if found.listing:
        for c in found.data:
            console.print(f"{c['id']:<30} {c['kind']:<12} {c['game']}: {c['proves']}")
        return
    for r in found.claims:
        colour = "green" if r["status"] == "proven" else "red"
        scope = f" ({r['scope']})" if r["scope"] else ""
        extra = ""
        if r["counterexample"]:
            ex = r["counterexample"]
            extra = (f" at {','.join(map(str, ex['position']))}: "
                     f"{'; '.join(ex['conditions'])}")
        console.print(styled(f"{r['id']:<30} ", (r["status"], colour),
                             f"{scope} largest {r['sizes']['largest']} states, "
                             f"{r['seconds']:.2f} s{extra}"))
    proven = found.data["proven"]
    console.print(f"{proven} proven, {len(found.claims) - proven} disproven")


@click.command("prove", epilog=LANGUAGE)
@click.argument("targets", nargs=-1, metavar="GAME | CLAIM-ID...")
@click.option("--piles", type=click.IntRange(min=1), default=None,
              help="Number of piles where the game allows several (nim, sharing, end-nim, "
                   "fibonacci).")
@click.option("--variant", default=None, metavar="VALUE", help="end-nim: normal, misere, loop.")
@click.option("--set", "subtraction_set", default=None, metavar="VALUE",
              help="subtraction, cash: the subtraction set a1,...,ak.")
@click.option("--edges", default=None, metavar="VALUE", help="graph-nim: edges u-v,...")
@click.option("--factor", default=None, metavar="VALUE",
              help="fibonacci: 2, or a whole factor 3 to 20 with one pile.")
@click.option("--a", "a_wythoff", default=None, metavar="A",
              help="wythoff: the a-Wythoff game (only 1, Wythoff's game, is proven yet).")
@click.option("--code", default=None, metavar="CODE",
              help="octal: refused, with the tool that answers (periodicity).")
@click.option("--base", default=None, metavar="NAME",
              help="Numeration of the formulas: 2 to 16, fib, fibK, ost_sqrtD, ost_golden, "
                   "ost[PRE][PERIOD] (default: fib for fibonacci, fibK with --factor K, else "
                   "2).")
@click.option("--p-positions", "p_positions", default=None, metavar="FORMULA",
              help="Decide whether FORMULA is exactly the set of P-positions.")
@click.option("--value", nargs=2, type=(int, str), default=None, metavar="G FORMULA",
              help="Decide whether FORMULA is exactly the set of positions of value G.")
@click.option("--given", default=None, metavar="F0;F1;...",
              help="With --value G: the sets of values 0..G-1, separated by ';'.")
@click.option("--holds", default=None, metavar="FORMULA",
              help="Decide whether FORMULA holds at every position.")
@click.option("--automata", "automata_dirs", multiple=True, metavar="DIR",
              type=common.Path(file_okay=False),
              help="A directory of saved automata NAME.txt (Walnut's format) for $NAME(...) "
                   "atoms; repeatable, searched before $NIMLAB_AUTOMATA and the current "
                   "directory.")
@click.option("--paper", default=None, metavar="PAPER",
              help="Prove the registered claims of a paper (sharing, end-nim, fibonacci, cash, "
                   "all).")
@click.option("--list", "listing", is_flag=True, help="List the registered claims and formulas.")
@click.option("--max-states", type=click.IntRange(min=10), default=200_000, show_default=True,
              help="Refuse rather than build an automaton of more states.")
@click.option("--time-limit", type=common.Seconds(min=0.1), default=600.0, show_default=True,
              help="Refuse rather than run longer (seconds).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def command(targets, piles, variant, subtraction_set, edges, factor, a_wythoff, code, base,
            p_positions, value,
            given, holds, automata_dirs, paper, listing, max_states, time_limit,
            as_json) -> None:
    """Prove or disprove a statement about a game for ALL positions (automata over the digits).

    \b
    nimlab prove nim --piles 3 --p-positions "p1 ^ p2 = p3"
    nimlab prove sharing --p-positions 'E d. (d = 0 | d in "(0|1)*1(00)*") & ...'
    nimlab prove nim --piles 3 --automata DIR --holds '$bouton(p1, p2, p3) <=> p1 ^ p2 = p3'
    nimlab prove sharing.thm2 fib.thm3.1.1        # registered claims, by id or prefix
    nimlab prove --paper all --json
    """
    with progress_bar("proving", not as_json and not listing) as update:
        found = prove(*targets, p_positions=p_positions, value=value, given=given, holds=holds,
                      piles=piles, base=base, paper=paper, list=listing, max_states=max_states,
                      time_limit=time_limit, progress=update, variant=variant,
                      set=subtraction_set, edges=edges, factor=factor,
                      automata=automata_dirs or None,
                      **({"code": code} if code is not None else {}),
                      **({"a": a_wythoff} if a_wythoff is not None else {}))
    if as_json:
        emit_json(found.to_json())
    elif isinstance(found, ProofReport):
        _print_claims(found)
    else:
        _print_result(found.to_json(), found.title)

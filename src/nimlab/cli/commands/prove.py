"""``nimlab prove``: decide statements about games for all positions (automata)."""

from __future__ import annotations

import click

from nimlab.cli.common import console, styled, emit_json, progress_bar
from nimlab.errors import InputError
from nimlab.prove.games import GAME_NAMES, game_formula
from nimlab.prove.procedure import run

LANGUAGE = """Formulas: variables are lowercase names; the position is p1,p2,... (and x, the
previous removal, in fibonacci). Terms: numbers, variables, +, 3*x, ^ (xor, base 2). Atoms:
= != < <= > >=, t % m = r, v in "REGEX" (digits of v, leading zeros allowed; | * + ? ( ) .),
(u, v) in "[10][01]*" (digits side by side). Connectives ~ & | => <=>, quantifiers E v. / A v.
(E u, v. f), parentheses. MOVE: the move relation from p1,p2,... to q1,q2,... (y for x)."""


def _progress(enabled: bool):
    return progress_bar("proving", enabled)


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
        console.print(f"  smallest counterexample {where}: {'; '.join(ex['conditions'])}{move}")
        if ex.get("note"):
            console.print(f"  ({ex['note']})")
    console.print(f"  automata (states): {size_text}; largest {sizes.get('largest')}, "
                  f"{sizes.get('automata')} built; {result['seconds']:.2f} s")


def _prove_game(game: str, piles, options: dict, base, p_positions, value, given, holds,
                max_states, time_limit, as_json) -> None:
    chosen = [x for x in (p_positions, value, holds) if x]
    if len(chosen) != 1:
        raise InputError(f"`nimlab prove {game}` needs exactly one of --p-positions FORMULA, "
                         "--value G FORMULA (with --given) or --holds FORMULA")
    gf = game_formula(game, piles, **options)
    if base:
        gf.base = base
    with _progress(not as_json) as update:
        def progress(done, total):
            update(done, total or None)
        if p_positions:
            result = run(gf, "p-positions", p_positions, max_states=max_states,
                         time_limit=time_limit, progress=progress)
            title = f"the P-positions of {gf.describe()} are exactly {{{p_positions}}}"
        elif value:
            g, formula = value
            given_list = [t.strip() for t in (given or "").split(";") if t.strip()]
            result = run(gf, "value", formula, value=g, given=given_list, max_states=max_states,
                         time_limit=time_limit, progress=progress)
            title = f"the positions of value {g} of {gf.describe()} are exactly {{{formula}}}"
        else:
            result = run(gf, "sentence", holds, max_states=max_states, time_limit=time_limit,
                         progress=progress)
            title = f"{{{holds}}} holds at every position of {gf.describe()}"
    if as_json:
        emit_json(result)
        return
    _print_result(result, title)


def _prove_claims(ids, paper, max_states, time_limit, as_json, listing) -> None:
    from nimlab.prove.registered import prove_claim, select

    claims = select(list(ids) or None, paper)
    if listing:
        if as_json:
            emit_json([{"id": c.id, "paper": c.paper, "game": c.game_formula().describe(),
                        "kind": c.kind, "formula": c.formula, "proves": c.proves,
                        "scope": c.scope, "requires": list(c.requires)} for c in claims])
            return
        for c in claims:
            console.print(f"{c.id:<30} {c.kind:<12} {c.game_formula().describe()}: {c.proves}")
        return
    results = []
    with _progress(not as_json) as update:
        for k, claim in enumerate(claims):
            update(k, len(claims))
            results.append(prove_claim(claim, max_states, time_limit))
        update(len(claims), len(claims))
    if as_json:
        emit_json({"claims": results,
                   "proven": sum(r["status"] == "proven" for r in results),
                   "disproven": sum(r["status"] == "disproven" for r in results)})
        return
    for r in results:
        colour = "green" if r["status"] == "proven" else "red"
        scope = f" ({r['scope']})" if r["scope"] else ""
        extra = ""
        if r["counterexample"]:
            ex = r["counterexample"]
            extra = (f" at {','.join(map(str, ex['position']))}: "
                     f"{'; '.join(ex['conditions'])}")
        console.print(styled(f"{r['id']:<30} ", (r['status'], colour),
                             f"{scope} largest {r['sizes']['largest']} states, "
                             f"{r['seconds']:.2f} s{extra}"))
    proven = sum(r["status"] == "proven" for r in results)
    console.print(f"{proven} proven, {len(results) - proven} disproven")


@click.command("prove", epilog=LANGUAGE)
@click.argument("targets", nargs=-1, metavar="GAME | CLAIM-ID...")
@click.option("--piles", type=click.IntRange(min=1), default=None,
              help="Number of piles where the game allows several (nim, sharing, end-nim, "
                   "fibonacci).")
@click.option("--variant", default=None, metavar="VALUE", help="end-nim: normal, misere, loop.")
@click.option("--set", "subtraction_set", default=None, metavar="VALUE",
              help="subtraction, cash: the subtraction set a1,...,ak.")
@click.option("--edges", default=None, metavar="VALUE", help="graph-nim: edges u-v,...")
@click.option("--factor", default=None, metavar="VALUE", help="fibonacci: only 2 is handled.")
@click.option("--base", type=click.Choice(["2", "fib"]), default=None,
              help="Numeration of the formulas (default: fib for fibonacci, else 2).")
@click.option("--p-positions", "p_positions", default=None, metavar="FORMULA",
              help="Decide whether FORMULA is exactly the set of P-positions.")
@click.option("--value", nargs=2, type=(int, str), default=None, metavar="G FORMULA",
              help="Decide whether FORMULA is exactly the set of positions of value G.")
@click.option("--given", default=None, metavar="F0;F1;...",
              help="With --value G: the sets of values 0..G-1, separated by ';'.")
@click.option("--holds", default=None, metavar="FORMULA",
              help="Decide whether FORMULA holds at every position.")
@click.option("--paper", default=None, metavar="PAPER",
              help="Prove the registered claims of a paper (sharing, end-nim, fibonacci, cash, "
                   "all).")
@click.option("--list", "listing", is_flag=True, help="List the registered claims and formulas.")
@click.option("--max-states", type=click.IntRange(min=10), default=200_000, show_default=True,
              help="Refuse rather than build an automaton of more states.")
@click.option("--time-limit", type=click.FloatRange(min=0.1), default=600.0, show_default=True,
              help="Refuse rather than run longer (seconds).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def command(targets, piles, variant, subtraction_set, edges, factor, base, p_positions, value,
            given, holds, paper, listing, max_states, time_limit, as_json) -> None:
    """Prove or disprove a statement about a game for ALL positions (automata over the digits).

    \b
    nimlab prove nim --piles 3 --p-positions "p1 ^ p2 = p3"
    nimlab prove sharing --p-positions 'E d. (d = 0 | d in "(0|1)*1(00)*") & ...'
    nimlab prove sharing.thm2 fib.thm3.1.1        # registered claims, by id or prefix
    nimlab prove --paper all --json
    """
    options = {"variant": variant, "set": subtraction_set, "edges": edges, "factor": factor}
    if targets and targets[0] in GAME_NAMES:
        if len(targets) > 1:
            raise InputError(f"`nimlab prove {targets[0]}` takes no further arguments; give the "
                             "statement with --p-positions, --value or --holds")
        _prove_game(targets[0], piles, options, base, p_positions, value, given, holds,
                    max_states, time_limit, as_json)
        return
    if p_positions or value or holds or any(v is not None for v in options.values()):
        raise InputError("--p-positions, --value, --holds and game options need a game first: "
                         f"nimlab prove GAME ... (games: {', '.join(GAME_NAMES)})")
    if not targets and not paper and not listing:
        raise InputError("give a game (nimlab prove nim --piles 3 --p-positions FORMULA), claim "
                         "ids (nimlab prove sharing.thm2) or --paper all")
    _prove_claims(targets, paper, max_states, time_limit, as_json, listing)

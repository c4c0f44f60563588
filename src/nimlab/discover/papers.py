"""The papers' sets found again: each registered claim that describes a set of positions
(P-positions or one value), plus Bouton's theorem and Wythoff's pairs, is discovered with no
formula given and the found automaton is proven EQUAL to the printed rule (a sentence
``$found(p..) <=> (formula)`` decided by the prover)."""

from __future__ import annotations

from dataclasses import dataclass, field

from nimlab.progress import Progress, quiet

#: Bouton: the nim-sum of the three piles is 0.
BOUTON = "p1 ^ p2 ^ p3 = 0"
#: Wythoff's P-positions in the Zeckendorf numeration: (a, b) or (b, a) with b the left shift
#: of a and a ending in an even number of zeros (pair letters [digit of the first, of the
#: second]; the second number's digits are the first's one place ahead).
WYTHOFF_ZECK = ('(p1, p2) in "[00]*|([00]|[01][10])*[01][10]([00][00])*" | '
                '(p2, p1) in "[00]*|([00]|[01][10])*[01][10]([00][00])*"')


@dataclass(frozen=True)
class Target:
    """One set to rediscover: the game, what to find, the rule printed for it."""

    id: str
    game: str
    piles: int | None
    formula: str
    value: int | None = None  # None: the P-positions
    options: dict = field(default_factory=dict)
    base: str | None = None


def targets() -> list[Target]:
    """Every registered set claim (kinds p-positions and value), Bouton and Wythoff."""
    from nimlab.prove.registered import CLAIMS

    out = [Target("bouton", "nim", 3, BOUTON),
           Target("wythoff.zeckendorf", "wythoff", None, WYTHOFF_ZECK, base="fib")]
    for c in CLAIMS:
        if c.kind not in ("p-positions", "value"):
            continue
        out.append(Target(c.id, c.game, c.piles, c.formula,
                          None if c.kind == "p-positions" else c.value, dict(c.options)))
    return out


def rediscover(target: Target, time_limit: float = 60.0, progress: Progress = quiet) -> dict:
    """Discover ``target``'s set, then prove the found automaton equal to its formula."""
    from nimlab.discover.search import discover, prove_statement
    from nimlab.prove.games import game_formula

    found = discover(target.game, target.piles, value=target.value,
                     p_positions=target.value is None, base=target.base,
                     time_limit=time_limit, progress=progress, name="found", **target.options)
    out = {"id": target.id, "discovery": found, "equal": None}
    if found.status != "proven":
        return out
    gf = game_formula(target.game, target.piles, **target.options)
    if target.base and target.base != gf.base:
        from dataclasses import replace
        gf = replace(gf, base=target.base, params={**gf.params, "base": target.base})
    automata = {"found": (found.dfa, found.base)}
    statement = f"{found.formula} <=> ({target.formula})"
    result = prove_statement(gf, "sentence", statement, automata, time_limit=time_limit)
    out["equal"] = result
    out["statement"] = statement
    return out

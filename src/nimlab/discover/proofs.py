"""Proofs of discovered sets: the prover's automaton atoms (``$name(...)``) for a hypothesis and
the proven sets of the smaller values, shared by both learners."""

from __future__ import annotations

from nimlab.progress import Progress, quiet
from nimlab.prove import automata as am


def _atom(name: str, names) -> str:
    return f"${name}({', '.join(names)})"


def prove_sets(gf, kind: str, target: tuple[str, am.DFA], given: list[tuple[str, am.DFA]],
               value: int, max_states: int, time_limit: float,
               progress: Progress = quiet) -> dict:
    """Prove that ``target``'s automaton is the P-set (``kind`` p-positions) or the value-set,
    with the ``given`` automata as the smaller values' sets: the prover's automaton atoms."""
    automata = {n: (d, gf.base) for n, d in [target] + list(given)}
    return prove_statement(gf, kind, _atom(target[0], gf.names), automata, value=value,
                           given=[_atom(n, gf.names) for n, _ in given],
                           max_states=max_states, time_limit=time_limit, progress=progress)


def prove_statement(gf, kind: str, formula: str, automata: dict, *, value: int = 0,
                    given: list[str] | None = None, max_states: int = 200_000,
                    time_limit: float = 600.0, progress: Progress = quiet) -> dict:
    """``procedure.run`` with automaton atoms ``$name(...)`` (``automata``: name -> (DFA,
    base)); kinds p-positions, value and sentence."""
    from nimlab.prove import procedure

    return procedure.run(gf, kind, formula, value=value, given=list(given or []),
                         max_states=max_states, time_limit=time_limit, progress=progress,
                         store=False, automata=automata)

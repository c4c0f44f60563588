"""Seconds of ``nimlab prove`` on the statements the prover is measured by.

Usage: ``python benchmarks/prove_chain.py [--repeat N]``

* the quantifier chain ``A x1. E y1. ... A x5. E y5. (y1 = 5*x1 + 1 & ... & y5 = 5*x5 + y4)``
  on one-pile Nim (the reference prover Walnut 8 took 3.2 s on the project's 2-core machine),
  as nimlab compiles it (quantifiers pushed inwards first) and as written (no miniscoping:
  the engine's products, projections and minimisations on the full 10-track conjunction);
* the near-miss description of Sharing Nim's P-positions (``(000)*`` for ``(00)*``), refuted as
  ``nimlab prove`` runs (the automata's head start, then the box search), by the box search at
  once, and by the automata alone;
* the quantifier-free ``(p1 % 5 = 3 => 3*(p1 + 2) != (p2 ^ p3))`` on 3-pile Nim, false at
  (3, 0, 15), the same three ways.

Each line prints the best of N runs (in-process, store off) and the answer.  Not a test.
"""

from __future__ import annotations

import argparse
import time

CHAIN = ("A x1. E y1. A x2. E y2. A x3. E y3. A x4. E y4. A x5. E y5. (y1 = 5*x1 + 1 & "
         "y2 = 5*x2 + y1 & y3 = 5*x3 + y2 & y4 = 5*x4 + y3 & y5 = 5*x5 + y4)")
XOR = "(p1 % 5 = 3 => 3*(p1 + 2) != (p2 ^ p3))"


def timed(repeat, make):
    best, answer = None, None
    for _ in range(repeat):
        started = time.perf_counter()
        answer = make()
        spent = time.perf_counter() - started
        best = spent if best is None else min(best, spent)
    return best, answer


def chain_as_written():
    from nimlab.prove.logic import Compiler, parse
    from nimlab.prove.automata import Limits

    compiler = Compiler("2", Limits(max_states=10**7, time_limit=600))
    compiler.miniscoping = False
    return "true" if compiler.compile(parse(CHAIN)).accept[0] else "false"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from nimlab.prove import game_formula, run
    from nimlab.prove.registered import SHARE_P

    near = SHARE_P.replace("(00)*", "(000)*")

    def answer(result):
        ex = result.get("counterexample") or {}
        return f"{result['status']} {tuple(ex.get('position', ()))}"

    cases = [
        ("quantifier chain (nimlab prove nim --piles 1 --holds CHAIN)",
         lambda: answer(run(game_formula("nim", 1), "sentence", CHAIN, store=False))),
        ("quantifier chain as written (no miniscoping)", chain_as_written),
        ("near-miss Sharing Nim P-set, as nimlab prove runs it",
         lambda: answer(run(game_formula("sharing", 3), "p-positions", near, store=False))),
        ("near-miss Sharing Nim P-set, box search at once",
         lambda: answer(run(game_formula("sharing", 3), "p-positions", near, store=False,
                            automata_first=0))),
        ("near-miss Sharing Nim P-set, automata only",
         lambda: answer(run(game_formula("sharing", 3), "p-positions", near, store=False,
                            refute=False))),
        ("3-pile Nim xor sentence, as nimlab prove runs it",
         lambda: answer(run(game_formula("nim", 3), "sentence", XOR, store=False))),
        ("3-pile Nim xor sentence, box search at once",
         lambda: answer(run(game_formula("nim", 3), "sentence", XOR, store=False,
                            automata_first=0))),
        ("3-pile Nim xor sentence, automata only",
         lambda: answer(run(game_formula("nim", 3), "sentence", XOR, store=False,
                            refute=False))),
    ]
    for label, make in cases:
        seconds, result = timed(args.repeat, make)
        print(f"{seconds:8.3f} s  {label}: {result}", flush=True)


if __name__ == "__main__":
    main()

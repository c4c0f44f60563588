"""The learners of ``nimlab discover`` measured against each other and against AALpy.

Usage: ``python benchmarks/learners.py [TARGET ...] [--limit SECONDS]``

Three learners on the same teacher (the game's exact table, boxes checked up to 2^21 positions,
then the prover; :mod:`nimlab.discover.teacher`):

* ``active``: nimlab's L* (:mod:`nimlab.discover.active`), words asked in NumPy batches;
* ``box``: nimlab's residual classes of whole boxes (:mod:`nimlab.discover.learn`);
* ``aalpy``: AALpy's L* (``run_Lstar``, Rivest-Schapire counterexamples), its membership
  queries answered letter by letter from the same table, its equivalence queries by the same box
  checks and prover (needs ``pip install aalpy``).

Prints one Markdown row per target and learner: answer, states, seconds (wall, of the learning
alone, each learner in a fresh process after a warm-up run that compiled the kernels and filled
the store), the peak memory of that process.
"""

from __future__ import annotations

import resource
import sys
import time

TARGETS = {
    "sharing3_v1": ("sharing", 3, {"value": 1}),
    "fibonacci2_p": ("fibonacci", 2, {"p_positions": True}),
    "endnim3_misere_p": ("end-nim", 3, {"p_positions": True, "variant": "misere"}),
    "cash12_p": ("cash", None, {"p_positions": True, "set": "1,2"}),
}


def aalpy_learn(game, piles, options: dict, limit: float) -> tuple[str, int | None]:
    """AALpy's L* with nimlab's teacher; (answer, states)."""
    import numpy as np
    from aalpy.base import SUL, Oracle
    from aalpy.learning_algs import run_Lstar

    from nimlab.discover import oracle
    from nimlab.discover.proofs import prove_sets
    from nimlab.discover.teacher import OutOfReach, Stop, Teacher
    from nimlab.prove import automata as am
    from nimlab.prove.games import game_formula

    options = dict(options)
    options.pop("p_positions", None)
    value = options.pop("value", 0)
    gf = game_formula(game, piles, **options)
    counting = [n for n in gf.names if n != "x"]
    src = oracle.source(game, len(counting), options)
    deadline = time.monotonic() + limit
    given = []
    for g in range(value + 1):
        teacher = Teacher(gf, src, (game, len(counting), tuple(sorted(options.items()))), g,
                          max_digits=64, deadline=deadline)
        words = teacher.words

        class Game(SUL):
            def __init__(self):
                super().__init__()
                self.word = []

            def pre(self):
                self.word = []

            def post(self):
                pass

            def step(self, letter):
                if letter is not None:
                    self.word.append(letter)
                if time.monotonic() > deadline:
                    raise Stop()
                W = np.array([self.word], dtype=np.uint8).reshape(1, len(self.word))
                P, valid = words.numbers(W)
                return bool(teacher.member(P, valid)[0] == 1)

        class Teach(Oracle):
            def find_cex(self, hypothesis):
                states = list(hypothesis.states)
                index = {s: i for i, s in enumerate(states)}
                start = index[hypothesis.initial_state]
                order = [start] + [i for i in range(len(states)) if i != start]
                renum = {old: new for new, old in enumerate(order)}
                trans = np.zeros((len(states), words.letters), dtype=np.int32)
                accept = np.zeros(len(states), dtype=bool)
                for s in states:
                    i = renum[index[s]]
                    accept[i] = s.is_accepting
                    for a in range(words.letters):
                        trans[i, a] = renum[index[s.transitions[a]]]
                dfa = am.DFA(gf.names, trans, accept)
                for L in teacher.box_ladder():
                    wrong = teacher.box_check(dfa, L)
                    if wrong:
                        return list(words.word(wrong[0]))
                result = prove_sets(gf, "p-positions" if g == 0 else "value",
                                    (f"f{g}", am.minimize(dfa)), given, g, 200_000,
                                    deadline - time.monotonic())
                if result["status"] == "proven":
                    self.proven = am.minimize(dfa)
                    return None
                wrong = teacher.explain(dfa, tuple(result["counterexample"]["position"]))
                return list(words.word(wrong[0]))

        teach = Teach(list(range(words.letters)), Game())
        try:
            run_Lstar(list(range(words.letters)), teach.sul, teach, "dfa", cex_processing="rs",
                      print_level=0)
        except (Stop, OutOfReach):
            return "unknown", None
        given.append((f"f{g}", teach.proven))
    return "proven", given[-1][1].n


def one(name: str, learner: str, limit: float) -> None:
    """One learner on one target, in this (fresh) process: a JSON row."""
    import json

    from nimlab.discover import discover

    game, piles, options = TARGETS[name]
    t0 = time.perf_counter()
    if learner == "aalpy":
        status, states = aalpy_learn(game, piles, options, limit)
    else:
        found = discover(game, piles, time_limit=limit, learner=learner, **options)
        status, states = found.status, found.states
    seconds = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(json.dumps({"status": status, "states": states, "seconds": seconds, "peak": peak}))


def main(argv: list[str]) -> None:
    import json
    import subprocess

    from nimlab.discover import discover

    if argv[:1] == ["--one"]:
        one(argv[1], argv[2], float(argv[3]))
        return
    limit = 300.0
    if "--limit" in argv:
        i = argv.index("--limit")
        limit = float(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    names = argv or list(TARGETS)
    for name in names:  # warm-up: compile the kernels and fill the store
        game, piles, options = TARGETS[name]
        discover(game, piles, time_limit=limit, **options)
    print("| target | learner | answer | states | seconds | peak MB |")
    print("|---|---|---|---|---|---|")
    for name in names:
        for learner in ("active", "box", "aalpy"):
            out = subprocess.run([sys.executable, __file__, "--one", name, learner, str(limit)],
                                 capture_output=True, text=True)
            if out.returncode != 0:
                last = (out.stderr.strip().splitlines() or ["failed"])[-1]
                print(f"| {name} | {learner} | {last} | - | - | - |", flush=True)
                continue
            r = json.loads(out.stdout.strip().splitlines()[-1])
            print(f"| {name} | {learner} | {r['status']} | {r['states'] or '-'} | "
                  f"{r['seconds']:.1f} | {r['peak']} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

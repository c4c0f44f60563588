"""Projection (determinise + minimise) in nimlab's NumPy engine against pynini/OpenFst.

Usage (two steps, because pynini is not a dependency of nimlab):

    python benchmarks/prove_engine.py dump OUT.npz      # nimlab's Python: automata + timings
    PY_WITH_PYNINI benchmarks/prove_engine.py pynini OUT.npz   # times the same NFAs in OpenFst

Each case is an automaton nimlab builds in a real proof, one of whose tracks is projected away.
The dump step times ``nimlab.prove.automata.project`` (subset construction from the
leading-zero closure, then Moore minimisation); the pynini step builds the same NFA (one arc per
state, letter and digit of the dropped track; start = the closure) and times
``determinize`` + ``minimize``.  Both print states and seconds; compare the two outputs.
"""

from __future__ import annotations

import sys
import time

import numpy as np

REPEAT = 3


def cases():
    from nimlab.prove.games import game_formula
    from nimlab.prove.procedure import Prover, conj, exists, neg

    out = []
    gf = game_formula("fibonacci", 2)
    pr = Prover(gf)
    S = pr.read("p1 = p2 & x > 0")
    answer = exists(pr.r, conj(pr.move_qr, pr.at_next2(S)))
    bad = pr.compile(conj(pr.move, neg(answer)))
    out.append(("fibonacci 2 piles: bad moves of Thm 3.1(1), drop p1'", bad, "p1'"))
    gf = game_formula("sharing", 3)
    pr = Prover(gf)
    from nimlab.prove.registered import SHARE_P
    P = pr.read(SHARE_P)
    both = pr.compile(conj(pr.move, pr.at_next(P)))
    out.append(("sharing 3 piles: move & P(next), drop p1'", both, "p1'"))
    return out


def dump(path: str) -> None:
    from nimlab.prove import automata as am

    arrays = {}
    for k, (label, dfa, var) in enumerate(cases()):
        best = float("inf")
        for _ in range(REPEAT):
            t = time.perf_counter()
            result = am.project(dfa, var)
            best = min(best, time.perf_counter() - t)
        print(f"numpy engine | {label}: {dfa.n} states, {dfa.letters} letters -> "
              f"{result.n} states in {best:.3f} s")
        arrays[f"trans{k}"] = dfa.trans
        arrays[f"accept{k}"] = dfa.accept
        arrays[f"pos{k}"] = np.array([dfa.vars.index(var)])
        arrays[f"label{k}"] = np.array([label])
        arrays[f"result{k}"] = np.array([result.n])
    np.savez(path, count=np.array([len(arrays) // 5]), **arrays)


def with_pynini(path: str) -> None:
    import pynini

    data = np.load(path)
    for k in range(int(data["count"][0])):
        trans, accept, pos = data[f"trans{k}"], data[f"accept{k}"], int(data[f"pos{k}"][0])
        n, letters = trans.shape
        tracks = letters.bit_length() - 1
        new_letters = 1 << (tracks - 1)
        old = np.zeros((new_letters, 2), dtype=np.int64)
        for new in range(new_letters):
            low, high = new & ((1 << pos) - 1), new >> pos
            base = low | (high << (pos + 1))
            old[new] = (base, base | (1 << pos))
        start_set = {0}
        frontier = [0]
        while frontier:
            q = frontier.pop()
            for d in (0, 1):
                r = int(trans[q, old[0, d]])
                if r not in start_set:
                    start_set.add(r)
                    frontier.append(r)
        t0 = time.perf_counter()
        fst = pynini.Fst()
        states = [fst.add_state() for _ in range(n + 1)]
        start = states[n]
        fst.set_start(start)
        one = pynini.Weight.one(fst.weight_type())
        for q in range(n):
            if accept[q]:
                fst.set_final(states[q])
            for new in range(new_letters):
                for d in (0, 1):
                    r = int(trans[q, old[new, d]])
                    fst.add_arc(states[q], pynini.Arc(new + 1, new + 1, one, states[r]))
                    if q in start_set:
                        fst.add_arc(start, pynini.Arc(new + 1, new + 1, one, states[r]))
        if any(accept[q] for q in start_set):
            fst.set_final(start)
        build = time.perf_counter() - t0
        best = float("inf")
        for _ in range(REPEAT):
            t = time.perf_counter()
            det = pynini.determinize(fst)
            det.minimize()
            best = min(best, time.perf_counter() - t)
        print(f"pynini       | {str(data[f'label{k}'][0])}: {n} states -> {det.num_states()} "
              f"states in {best:.3f} s (+ {build:.3f} s to build the NFA in Python; numpy engine "
              f"minimal DFA: {int(data[f'result{k}'][0])} states, complete)")


if __name__ == "__main__":
    mode, out = sys.argv[1], sys.argv[2]
    dump(out) if mode == "dump" else with_pynini(out)

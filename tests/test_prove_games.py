"""Each game's move formula against the game's own move generator, on a box of positions."""

from __future__ import annotations

import itertools

import pytest

from nimlab.prove import automata as am
from nimlab.prove.games import game_formula
from nimlab.prove.procedure import Prover


def accepted_next(dfa, names, values, next_names, length, base):
    """Every tuple over ``next_names`` (numbers of ``length`` digits) accepted with ``names``
    fixed to ``values``: a depth-first walk of the automaton."""
    ok = am.coreach_within(dfa, length)
    words = {n: am.encode(v, base).rjust(length, "0") for n, v in zip(names, values)}
    pos = {v: i for i, v in enumerate(dfa.vars)}
    free = [n for n in next_names if n in pos]
    found = []

    def walk(state, depth, digits):
        if depth == length:
            if dfa.accept[state]:
                found.append(digits)
            return
        for choice in itertools.product((0, 1), repeat=len(free)):
            if base == "fib" and any(d and digits[k] and digits[k][-1] == "1"
                                     for k, d in enumerate(choice)):
                continue
            letter = sum(int(words[n][depth]) << pos[n] for n in names if n in pos)
            letter |= sum(d << pos[n] for n, d in zip(free, choice))
            nxt = int(dfa.trans[state, letter])
            if ok[length - depth - 1][nxt]:
                walk(nxt, depth + 1, [w + str(d) for w, d in zip(digits, choice)])

    walk(0, 0, [""] * len(free))
    out = set()
    for digits in found:
        value = dict(zip(free, (am.decode(w, base) for w in digits)))
        out.add(tuple(value.get(n, 0) for n in next_names))
    return out


def check_moves(gf, from_game, box, extra_bits=2):
    prover = Prover(gf)
    move = prover.compile(prover.move)
    domain = prover.compile(prover.domain)
    game = gf.make_game()
    checked = 0
    for p in box:
        if not domain.run(dict(zip(gf.names, p)), base=gf.base) if domain.vars else \
                not domain.accept[0]:
            continue
        length = len(am.encode(2 * sum(p) + 2, gf.base)) + extra_bits
        got = accepted_next(move, gf.names, p, gf.next_names, length, gf.base)
        expected = {from_game(q) for q in game.successors(gf.to_game(p))}
        assert got == expected, (gf.describe(), p, sorted(got ^ expected))
        checked += 1
    return checked


def box(k, top):
    return itertools.product(range(top + 1), repeat=k)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_nim(k):
    assert check_moves(game_formula("nim", k), tuple, box(k, 5 if k < 3 else 4)) > 0


def test_wythoff():
    assert check_moves(game_formula("wythoff"), tuple, box(2, 7)) == 64


@pytest.mark.parametrize("k", [2, 3, 4])
def test_sharing(k):
    assert check_moves(game_formula("sharing", k), tuple,
                       box(k, {2: 7, 3: 5, 4: 3}[k])) > 0


def test_graph_nim():
    gf = game_formula("graph-nim", edges="1-2,2-3,3-1")
    assert check_moves(gf, tuple, box(3, 5)) == 216
    gf = game_formula("graph-nim", edges="1-2,1-3")
    assert check_moves(gf, tuple, box(3, 4)) == 125


@pytest.mark.parametrize("k", [2, 3, 4])
@pytest.mark.parametrize("variant", ["normal", "misere", "loop"])
def test_end_nim(k, variant):
    def from_game(row):
        return (0,) * (k - len(row)) + tuple(row)

    top = {2: 6, 3: 4, 4: 3}[k]
    checked = check_moves(game_formula("end-nim", k, variant=variant), from_game, box(k, top))
    # the domain: rows padded on the left, i.e. no zero after a non-zero pile
    assert checked == sum(1 for p in box(k, top)
                          if all(not (p[i] and not p[i + 1]) for i in range(k - 1)))


def test_subtraction_and_cash():
    assert check_moves(game_formula("subtraction", set="1,3,4"), lambda n: (n,),
                       [(n,) for n in range(30)]) == 30
    assert check_moves(game_formula("cash", set="1,3,4"), tuple, box(3, 6)) == 343
    assert check_moves(game_formula("cash", set="2,5"), tuple, box(3, 6)) == 343


@pytest.mark.parametrize("k", [1, 2, 3])
def test_fibonacci(k):
    def from_game(position):
        piles, last = position
        return tuple(piles) + (last,)

    top = {1: 12, 2: 5, 3: 3}[k]
    assert check_moves(game_formula("fibonacci", k), from_game, box(k + 1, top)) == (top + 1) ** (k + 1)

"""The strategies of nimlab.strategy against the plain brute force and the solver.

Two layers:

* every closed form (``Strategy.verdict``) is compared with ``tests/brute.py`` over whole boxes
  of positions, wherever it gives a verdict;
* every hint is compared with the solver over whole boxes: from an N-position its move is legal
  and leads to a P-position, at a P-position it offers no winning move (and a legal stalling
  move).

Hypothesis adds random positions, among them Sharing Nim piles with hundreds of digits, checked
against Theorem 2 by exact arithmetic written here (repeated division by 4, as in Remark 4).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import brute
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nimlab.engine.solver import solver_for
from nimlab.games import load, make_game
from nimlab.games.base import Take
from nimlab.games.sharing import Share
from nimlab.strategy import hint, stalling_move, strategy_for
from nimlab.strategy.base import move_size
from nimlab.papers.cash.formulas import f_def41, f_def61

VARIANTS = ("normal", "misere", "loop")


# ----------------------------------------------------------------- helpers
def rule_p(piles) -> bool:
    """Theorem 2 by hand: two equal piles, the third differing by 4^k times an odd number
    (the exponent of 2 in the difference read off its lowest set bit)."""
    low, mid, high = sorted(piles)
    if low == high:
        return True
    if len({low, mid, high}) == 3:
        return False
    gap = high - low
    return ((gap & -gap).bit_length() - 1) % 2 == 0


def check_hint_against_solver(game, position):
    """The hint's claims, checked with the solver; returns the hint."""
    solver = solver_for(game)
    h = hint(game, position)
    value = solver.value(position)
    assert h.outcome == ("P" if value == 0 else "N"), (game.describe(), position, h.explanation)
    if h.value is not None:
        assert h.value == value
    if value:
        assert h.move in game.available_moves(position), (position, h.move)
        assert h.to == game.do_move(position, h.move)
        assert solver.value(h.to) == 0, (position, h.move, h.explanation)
    else:
        assert h.move is None and h.to is None
        assert "No winning move" in h.explanation
        if not game.primitive(position):
            assert h.stalling in list(game.legal_moves(position))
            assert h.stalling_to == game.do_move(position, h.stalling)
    assert h.explanation and h.source
    return h


def end_rows(max_len: int, max_pile: int):
    for k in range(1, max_len + 1):
        yield from itertools.product(range(1, max_pile + 1), repeat=k)


# ---------------------------------------------------------- closed forms
def test_sharing_theorem_2_matches_brute_force_on_a_box():
    game = make_game("sharing")
    strategy = strategy_for(game)
    count = 0
    for piles in itertools.product(range(13), repeat=3):
        verdict = strategy.verdict(game, piles)
        assert verdict.p == (brute.sharing(piles) == 0), piles
        count += 1
    assert count == 13 ** 3


@pytest.mark.parametrize("variant", VARIANTS)
def test_end_nim_theorems_2_1_to_2_3_match_brute_force(variant):
    game = make_game("end-nim", variant=variant)
    strategy = strategy_for(game)
    checked = 0
    for row in itertools.chain(end_rows(4, 5), end_rows(6, 2), [(3, 1, 2, 2, 3), (2, 2, 1, 3, 3)]):
        verdict = strategy.verdict(game, row)
        assert verdict.p == (brute.end_nim(row, variant) == 0), (variant, row)
        checked += 1
    assert checked > 800


@pytest.mark.parametrize("factor", [2, Fraction(3, 2), 1, 3])
def test_fibonacci_two_pile_closed_form_matches_brute_force(factor):
    game = make_game("fibonacci", factor=factor)
    strategy = strategy_for(game)
    covered = 0
    for a, b, last in itertools.product(range(11), range(11), range(9)):
        if last == 0 and min(a, b) < 2:
            continue
        verdict = strategy.verdict(game, ((a, b), last))
        if verdict is None:
            continue
        covered += 1
        assert verdict.p == (brute.fibonacci((a, b), last, Fraction(factor)) == 0), (a, b, last)
        if verdict.move is not None:
            after = game.do_move(((a, b), last), verdict.move)
            assert brute.fibonacci(after[0], after[1], Fraction(factor)) == 0
    assert covered > 300


def test_fibonacci_closed_form_is_not_used_below_factor_one():
    game = make_game("fibonacci", factor="1/2")
    assert strategy_for(game).verdict(game, ((5, 5), 2)) is None


CASH_SETS = [(1, 2), (1, 2, 3), (1, 3, 4), (1, 5), (2, 3)]


@pytest.mark.parametrize("subtraction_set", CASH_SETS)
def test_cash_closed_forms_match_game_tree_search(subtraction_set):
    game = make_game("cash", set=",".join(map(str, subtraction_set)))
    strategy = strategy_for(game)
    covered = 0
    for n, d1, d2 in itertools.product(range(30), range(24), range(24)):
        verdict = strategy.verdict(game, (n, d1, d2))
        if verdict is None:
            continue
        covered += 1
        player_one = brute.cash_player_one_wins(n, d1, d2, subtraction_set)
        assert verdict.p == (not player_one), (subtraction_set, n, d1, d2, verdict.reason)
        if verdict.move is not None:
            after = game.do_move((n, d1, d2), verdict.move)
            assert not brute.cash_player_one_wins(*after, subtraction_set)
    if subtraction_set == (2, 3):
        assert covered == 0  # no checked closed form covers a set without 1
    else:
        assert covered > 2000


def test_nim_sum_rule_matches_brute_force():
    game = make_game("nim")
    strategy = strategy_for(game)
    for piles in itertools.product(range(7), repeat=3):
        verdict = strategy.verdict(game, piles)
        assert verdict.p == (brute.nim(piles) == 0)
        assert strategy.closed_value(game, piles) == brute.nim(piles)


# --------------------------------------------- the papers' false statements
def test_theorem_4_5_item_1_is_false():
    """nim-with-cash.txt Theorem 4.5(1): both players at f(n) or more, n = 1 mod 3 (NIM(1,2)),
    should be won by Player I (the text misprints II); (4; 2, 2) has f(4) = 2 but II wins."""
    assert f_def41(2, 4) == 2
    assert not brute.cash_player_one_wins(4, 2, 2, (1, 2))
    game, position = load("cash", "4;2,2", set="1,2")
    assert hint(game, position).outcome == "P"


def test_theorem_6_10_items_4_and_6_as_printed_are_false():
    """Theorem 6.10(4) without the bound f(n): (1; 1, 2) has d1 < d2 yet Player I wins.
    Theorem 6.10(6a) with b = 0: (2; 1, 1) = (2, f(2), f(2)), n <= 14(b-1)/3 + 11 says Player I
    wins; Player II does."""
    assert brute.cash_player_one_wins(1, 1, 2, (1, 3, 4))
    assert f_def61(2) == 1
    assert not brute.cash_player_one_wins(2, 1, 1, (1, 3, 4))


def test_section_5_example_player_one_wins_14_9_9_by_removing_one():
    """nim-with-cash.txt Section 5: Player I wins (14; 9, 9) of NIM(1,3,4) by removing 1."""
    game, position = load("cash", "14;9,9", set="1,3,4")
    h = check_hint_against_solver(game, position)
    assert h.outcome == "N" and h.move == Take(None, 1, "stones")


# ------------------------------------------------ hints against the solver
BOXES = [
    ("sharing", {}, [",".join(map(str, p)) for p in itertools.product(range(11), repeat=3)]),
    ("sharing", {}, [",".join(map(str, p)) for p in itertools.product(range(6), repeat=4)]),
    ("nim", {}, [",".join(map(str, p)) for p in itertools.product(range(6), repeat=3)]),
    ("wythoff", {}, [f"{a},{b}" for a in range(12) for b in range(12)]),
    ("graph-nim", {"edges": "1-2,2-3,3-1"},
     [",".join(map(str, p)) for p in itertools.product(range(7), repeat=3)]),
    ("subtraction", {"set": "1,3,4"}, [str(n) for n in range(60)]),
    ("fibonacci", {}, [f"{a},{b};{x}" for a in range(10) for b in range(10) for x in range(8)
                       if x or min(a, b) >= 2]),
    ("fibonacci", {"factor": "3/2"}, [f"{a},{b};{x}" for a in range(9) for b in range(9)
                                      for x in range(1, 6)]),
    ("fibonacci", {}, [f"{a},{b},{c};{x}" for a in range(6) for b in range(6) for c in range(6)
                       for x in range(4) if x or min(a, b, c) >= 2]),
    ("cash", {"set": "1,3,4"}, [f"{n};{d},{e}" for n in range(22) for d in range(17)
                                for e in range(17)]),
    ("cash", {"set": "1,2"}, [f"{n};{d},{e}" for n in range(16) for d in range(12)
                              for e in range(12)]),
    ("cash", {"set": "2,3"}, [f"{n};{d},{e}" for n in range(14) for d in range(10)
                              for e in range(10)]),
]


@pytest.mark.parametrize("name,options,positions", BOXES,
                         ids=[f"{b[0]}-{i}" for i, b in enumerate(BOXES)])
def test_hints_agree_with_the_solver_over_boxes(name, options, positions):
    for text in positions:
        game, position = load(name, text, **options)
        check_hint_against_solver(game, position)


@pytest.mark.parametrize("variant", VARIANTS)
def test_end_nim_hints_agree_with_the_solver(variant):
    game = make_game("end-nim", variant=variant)
    for row in itertools.chain(end_rows(4, 4), end_rows(5, 2)):
        if game.misere and game.primitive(row):
            continue
        check_hint_against_solver(game, row)


def test_end_nim_game_over_positions():
    normal, loop = make_game("end-nim"), make_game("end-nim", variant="loop")
    assert hint(normal, ()).outcome == "P"
    assert hint(loop, (7,)).outcome == "P" and hint(loop, (7,)).stalling is None


def test_misere_forced_loss_offers_the_ending_move():
    game = make_game("end-nim", variant="misere")
    h = hint(game, (1,))
    assert h.outcome == "P" and h.stalling.count == 1


# ---------------------------------------------------------- stalling move
@pytest.mark.parametrize("name,options,text", [
    ("sharing", {}, "3,3,15"), ("nim", {}, "1,2,3"), ("wythoff", {}, "3,5"),
    ("end-nim", {"variant": "misere"}, "2,3,2"), ("cash", {"set": "3,4"}, "7;9,9"),
    ("fibonacci", {}, "7,3,2;0"),
])
def test_stalling_move_is_a_smallest_legal_move(name, options, text):
    game, position = load(name, text, **options)
    move = stalling_move(game, position)
    legal = [m for m in game.legal_moves(position)
             if not (game.misere and game.primitive(game.do_move(position, m)))]
    assert move in legal
    assert move_size(move) == min(move_size(m) for m in legal)


# ------------------------------------------------------------- Hypothesis
def huge_sharing_positions():
    big = st.integers(min_value=0, max_value=10 ** 300)
    offset = st.builds(lambda k, odd, twice: 4 ** k * (2 * odd + 1) * (2 if twice else 1),
                       st.integers(0, 400), st.integers(0, 10 ** 200), st.booleans())
    structured = st.builds(lambda base, d, above, order: tuple(
        [(base, base, base + d), (base, base + d, base + d)][above][i] for i in order),
        big, offset, st.integers(0, 1), st.permutations([0, 1, 2]))
    return st.one_of(st.tuples(big, big, big), structured)


@given(huge_sharing_positions())
def test_huge_sharing_positions_follow_theorem_2(piles):
    game = make_game("sharing")
    h = hint(game, piles)
    assert h.outcome == ("P" if rule_p(piles) else "N")
    if h.outcome == "N":
        move = h.move
        assert isinstance(move, Share)
        source, target = piles[move.source], piles[move.target]
        assert move.count >= 1 and target + move.count <= source - move.count
        assert h.to == game.do_move(piles, move)
        assert rule_p(h.to)
    else:
        assert h.move is None
    assert h.value is None or max(piles) - min(piles) <= 120 or \
        (h.value == 1 and one_position_by_hand(piles))


def one_position_by_hand(piles) -> bool:
    """Theorem 4's set B, read off the paper: (0,0,4k+2), (0,4k+2,4k+2), (0,2,4k+1) (with
    (0,1,2) for k = 0) and (0,4l-1,4l+1), after shifting the smallest pile to 0."""
    low, a, b = (x - min(piles) for x in sorted(piles))
    return ((a in (0, b)) and b % 4 == 2) or (a, b) == (1, 2) or \
        (a == 2 and b % 4 == 1 and b >= 5) or (b == a + 2 and a % 4 == 3)


@given(st.tuples(*[st.integers(0, 40)] * 3))
def test_mid_size_sharing_positions_against_the_solver(piles):
    check_hint_against_solver(make_game("sharing"), piles)


@given(st.lists(st.integers(1, 6), min_size=1, max_size=7), st.sampled_from(VARIANTS))
def test_random_end_nim_rows_against_the_solver(row, variant):
    game = make_game("end-nim", variant=variant)
    check_hint_against_solver(game, tuple(row))


@given(st.lists(st.integers(1, 10 ** 60), min_size=1, max_size=30), st.sampled_from(VARIANTS))
def test_long_end_nim_rows_follow_the_closed_form(row, variant):
    """Rows far beyond the solver: the move found must land on a closed-form P-position."""
    game = make_game("end-nim", variant=variant)
    row = tuple(row)
    strategy = strategy_for(game)
    h = hint(game, row)
    if h.outcome == "N":
        end = row[0] if h.move.side == "left" else row[-1]
        assert 1 <= h.move.count <= end and (len(row) > 1 or h.move.side == "left")
        assert h.to == game.do_move(row, h.move)
        assert strategy.verdict(game, h.to).p
    else:
        assert strategy.verdict(game, row).p


@given(st.integers(0, 10 ** 9), st.integers(1, 10 ** 9), st.integers(0, 2 * 10 ** 9),
       st.booleans())
def test_large_two_pile_fibonacci_uses_theorem_3_1(m, last, k, swap):
    """Piles (m + k, m) with k <= 2x: take k (Theorem 3.1(2)); (m, m): no winning move."""
    game = make_game("fibonacci")
    k = k % (2 * last + 1)
    piles = (m, m + k) if swap else (m + k, m)
    h = hint(game, (piles, last))
    if k == 0:
        assert h.outcome == "P" and h.method == "closed form"
    else:
        assert h.outcome == "N" and h.to == ((m, m), k)


@given(st.integers(0, 10 ** 12), st.integers(0, 10 ** 12), st.integers(0, 10 ** 12),
       st.sampled_from(["1,3,4", "1,2", "1,2,3,4"]))
def test_cash_closed_forms_answer_far_beyond_the_solver(n, d1, d2, subtraction_set):
    """Huge cash positions get a closed-form answer, and the move found lands on a position the
    closed form calls P (the forms themselves are checked above against the brute force)."""
    game, position = load("cash", f"{n};{d1},{d2}", set=subtraction_set)
    strategy = strategy_for(game)
    h = hint(game, position, max_states=1)
    assert h.method == "closed form"
    if h.outcome == "N":
        assert h.move in game.available_moves(position)
        assert strategy.verdict(game, h.to).p

"""Each game's rules against positions worked by hand from the papers."""

from __future__ import annotations

from fractions import Fraction

import pytest

from nimlab.engine import Solver
from nimlab.errors import IllegalMove, InputError, TooManyStates
from nimlab.games import (CashNim, EndNim, EndTake, FibonacciNim, GraphNim, Share, SharingNim,
                          SubtractionNim, Take, load)


def successors(game, position):
    return sorted(game.successors(position))


# ----------------------------------------------------------------------------- Sharing Nim
def test_sharing_three_move_types_from_section_1():
    # From (a, b, c) = (1, 4, 9): (1) a+k, b-k with k <= (b-a)/2; (2) a+k, c-k with
    # k <= (c-a)/2; (3) b+k, c-k with k <= (c-b)/2.
    game = SharingNim()
    expected = {(2, 3, 9)} | {(1 + k, 4, 9 - k) for k in range(1, 5)} | \
               {(1, 4 + k, 9 - k) for k in range(1, 3)}
    assert set(game.successors((1, 4, 9))) == expected


def test_sharing_worked_example_of_theorem_4():
    # "removing 3 tokens from the third entry to the first leads (1, 2, 7) to (0, 2, 2)":
    # (4, 2, 4), which is (0, 2, 2) after subtracting 2 (Lemma 1).
    game = SharingNim()
    after = game.do_move((1, 2, 7), Share(2, 0, 3))
    assert after == (4, 2, 4)
    assert game.key(after) == game.key((0, 2, 2))


def test_sharing_move_descriptions_and_illegal_moves():
    game = SharingNim()
    assert Share(2, 0, 4).describe() == "move 4 tokens from pile 3 to pile 1"
    with pytest.raises(IllegalMove, match="more than"):
        game.check_move((0, 4, 8), Share(2, 0, 5))
    assert game.check_move((0, 4, 8), game.parse_move("3>1:4", (0, 4, 8))) == (4, 4, 4)


def test_sharing_keys_fold_translation_and_order():
    game = SharingNim()
    assert game.key((5, 9, 13)) == game.key((0, 4, 8)) == game.key((8, 0, 4))


def test_graph_nim_moves_follow_edges_only():
    game = GraphNim(3, [(0, 1)])
    assert successors(game, (6, 0, 0)) == [(3, 3, 0), (4, 2, 0), (5, 1, 0)]
    assert successors(game, (0, 6, 0)) == []


# ------------------------------------------------------------------------------- End-Nim
def test_end_nim_moves_touch_end_piles_only():
    game = EndNim()
    assert successors(game, (2, 5, 3)) == sorted(
        [(1, 5, 3), (5, 3), (2, 5, 2), (2, 5, 1), (2, 5)])


def test_end_nim_endings():
    # Normal: (1) -> () and the mover wins.  Misere: the move to () is never chosen, so
    # (1) is a P-position; (1, 1) is N (Proposition 4.2: value 1).  Loop: one pile is over.
    assert Solver(EndNim("normal")).value((1,)) == 1
    assert Solver(EndNim("misere")).value((1,)) == 0
    assert Solver(EndNim("misere")).value((1, 1)) == 1
    assert Solver(EndNim("loop")).value((7,)) == 0
    assert Solver(EndNim("loop")).value((1, 1)) == 1  # Proposition 4.1 at a = b = 1


def test_end_nim_reversal_symmetry_key():
    game = EndNim()
    assert game.key((3, 1, 2)) == game.key((2, 1, 3))


def test_end_nim_misere_move_that_ends_the_game_is_legal_in_play():
    game = EndNim("misere")
    assert game.check_move((3,), EndTake("left", 3)) == ()
    assert EndTake("left", 3) not in game.available_moves((3,))


# ---------------------------------------------------------------------- Fibonacci Nim
def test_fibonacci_first_move_may_not_take_a_whole_pile():
    game = FibonacciNim()
    assert ((12, 5), 0) in [game.parse("12,5;0")]
    moves = list(game.legal_moves(((12, 5), 0)))
    assert Take(1, 5, "chips") not in moves and Take(1, 4, "chips") in moves


def test_fibonacci_example_of_section_3_2():
    # (12, 5; 0): taking 1 chip from the pile of 5 gives (12, 4; 1); then at most 2 chips.
    game = FibonacciNim()
    after = game.do_move(((12, 5), 0), Take(1, 1, "chips"))
    assert after == ((12, 4), 1)
    assert max(m.count for m in game.legal_moves(after)) == 2


def test_fibonacci_factor_and_key():
    game = FibonacciNim(Fraction(3, 2))
    assert game.limit(3) == 4
    # Theorem 2.7: once R x reaches the largest pile, a larger x changes nothing.
    assert game.key(((4, 2), 9)) == game.key(((2, 4), 3)) == ((4, 2), 3)


def test_fibonacci_single_pile_p_positions_are_fibonacci_numbers():
    solver = Solver(FibonacciNim())
    fib = {2, 3, 5, 8, 13, 21, 34, 55}
    assert {n for n in range(2, 60) if solver.value(((n,), 0)) == 0} == fib


def test_fibonacci_three_pile_example_from_the_issue():
    game, position = load("fibonacci", "7,3,2", last=0)
    assert Solver(game).outcome(position) == "P"


# ------------------------------------------------------------------- NIM and NIM with cash
def test_subtraction_example_1_3_item_1():
    # NIM(1, 2, 3): Player II wins iff n is divisible by 4.
    solver = Solver(SubtractionNim((1, 2, 3)))
    assert [n for n in range(40) if solver.value(n) == 0] == list(range(0, 40, 4))


def test_cash_state_after_a_move_is_seen_by_the_next_player():
    game = CashNim((1, 3, 4))
    # (14; 9, 9), Player I removes 1: the state (13; 8, 9, II) is (13; 9, 8) from II's side.
    assert game.do_move((14, 9, 9), Take(None, 1, "stones")) == (13, 9, 8)


def test_cash_example_of_section_5():
    game, position = load("cash", "14", **{"set": "1,3,4", "budgets": "9,9"})
    analysis = Solver(game).analyse(position)
    assert game.winner_label(analysis.outcome) == {"winner": "I"}
    assert [o.move.count for o in analysis.winning_moves] == [1]


def test_cash_broke_player_cannot_move():
    game = CashNim((1, 3, 4))
    assert game.available_moves((10, 0, 5)) == []
    with pytest.raises(IllegalMove, match="costs 3 dollars"):
        game.check_move((10, 2, 5), Take(None, 3, "stones"))


# --------------------------------------------------------------------------- the engine
def test_deep_positions_need_no_recursion():
    solver = Solver(SubtractionNim((1,)))
    assert solver.value(50_000) == 0  # a chain 50,000 moves deep


def test_max_states_guard():
    with pytest.raises(TooManyStates, match="more than 100 positions"):
        Solver(SharingNim(), max_states=100).value((0, 10, 40))


def test_analysis_lists_every_option_with_values():
    game = SharingNim()
    analysis = Solver(game).analyse((0, 4, 8))
    assert analysis.value == 3 and analysis.outcome == "N"
    assert len(analysis.options) == len(list(game.legal_moves((0, 4, 8))))
    assert [o.position for o in analysis.winning_moves] == [(4, 4, 4)]


def test_bad_positions_are_rejected():
    with pytest.raises(InputError):
        load("fibonacci", "7,1,2", last=0)
    with pytest.raises(InputError):
        load("end-nim", "3,0,2")
    with pytest.raises(InputError):
        load("subtraction", "5", **{"set": "0,2"})

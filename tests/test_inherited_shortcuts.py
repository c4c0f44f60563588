"""A shortcut answers only the exact rules it was proven for: a subclass, another ending rule or
other options never inherit a parent's closed form, period or table (against brute force)."""

from __future__ import annotations

import pytest

import brute
import nimlab
from nimlab.games import EndNim, Nim, SubtractionNim, Wythoff
from nimlab.solve import fast_paths


class MisereSub(SubtractionNim):
    misere = True


class MisereNim(Nim):
    misere = True


class SameRules(SubtractionNim):
    """A subclass that changes nothing: it still inherits no shortcut unless it lists one."""


class Declared(SubtractionNim):
    fast_paths = SubtractionNim.fast_paths


def test_misere_subtraction_subclass_is_answered_by_its_own_rules():
    game = MisereSub((1, 3, 4))
    for n in list(range(1, 61)) + [100]:
        found = nimlab.answer(game, n)
        expected = "N" if brute.misere_subtraction_wins(n, (1, 3, 4)) else "P"
        assert found.outcome == expected, n
        assert "period" not in found.source, (n, found.source)
    assert nimlab.answer(game, 100).outcome == "N"  # 100 = 2 (mod 7): not misere-P


def test_an_instance_switched_to_misere_loses_its_shortcuts():
    game = SubtractionNim((1, 3, 4))
    game.misere = True
    assert fast_paths(game) == []
    assert nimlab.answer(game, 8).outcome == "P"


def test_misere_nim_subclass_never_gets_boutons_rule():
    game = MisereNim()
    for piles in [(1, 1), (2, 2), (1, 2, 3), (1, 1, 1), (3, 5, 6), (2, 2, 1)]:
        expected = "N" if brute.misere_nim_wins(piles) else "P"
        assert nimlab.answer(game, piles).outcome == expected, piles


def test_subclasses_inherit_no_shortcut_and_no_name():
    assert fast_paths(SameRules((1, 3, 4))) == []
    assert SameRules.name == "same-rules" and SameRules.table is None
    assert MisereSub.name == "misere-sub"
    assert [type(p).__name__ for p in fast_paths(Declared((1, 3, 4)))] == ["PeriodStrategy"]
    assert nimlab.answer(Declared((1, 3, 4)), 10**30).method == "proven period"


@pytest.mark.parametrize("game", [Nim(), Wythoff(), SubtractionNim((1, 3, 4)), EndNim("misere"),
                                  EndNim("loop")])
def test_the_built_in_games_keep_their_shortcuts(game):
    assert fast_paths(game)

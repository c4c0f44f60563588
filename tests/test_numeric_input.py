"""One numeric validation: the Python API reads its integer arguments (max, piles, n,
max_states, seed, bound, max_moves) with the web lab's function,
:func:`nimlab.parsing.parse_bounded_int`: text such as " 1000" or "+1000" is read to 1000,
"1e3" is refused with the same one-line message, and Python integers are checked against the
same limits (a float, a truth value, a negative seed, a seed past 2**63 - 1, an integer longer
than the command line reads: refused, naming the argument).  The web lab's side is checked on a
running server in tests/test_web_api.py."""

from __future__ import annotations

import pytest

import nimlab
from nimlab.errors import InputError
from nimlab.parsing import MAX_SEED, parse_bounded_int

READ_AS_1000 = [" 1000", "+1000", "1000 ", "0001000", 1000]
REFUSED = ["1e3", "1.5", "abc", "-5", "1,2", "", 2.5, True, -5]


def message(text, name, **limits) -> str:
    with pytest.raises(InputError) as refused:
        parse_bounded_int(text, name, **limits)
    return str(refused.value)


def refusal(call) -> str:
    with pytest.raises(InputError) as refused:
        call()
    return str(refused.value)


# each integer argument: a call taking it, its name and the limits the web lab reads it with
ARGUMENTS = [
    (lambda v: nimlab.answer("nim", (1, 2), max_states=v).value, "max_states", {"minimum": 1}),
    (lambda v: nimlab.table("subtraction", max=v, set=(1, 3, 4)).shape, "max", {}),
    (lambda v: nimlab.table("cash", max=4, set=(1, 3, 4), n=v).shape, "n", {}),
    (lambda v: nimlab.play("nim", (1, 2), first="computer", level="easy", seed=v).history,
     "seed", {"maximum": MAX_SEED}),
    (lambda v: nimlab.remoteness("nim", (1, 2), max_moves=v).remoteness, "max_moves",
     {"minimum": 1}),
    (lambda v: len(nimlab.verify("sharing.thm1", bound=v)), "bound", {}),
]


@pytest.mark.parametrize("call,name,limits", ARGUMENTS, ids=[a[1] for a in ARGUMENTS])
def test_every_integer_argument_is_read_as_the_web_reads_it(call, name, limits):
    if name in ("bound", "max"):  # a smaller value: the same forms, less work
        forms, value = [str(t).replace("1000", "30") if isinstance(t, str) else 30
                        for t in READ_AS_1000], 30
    else:
        forms, value = READ_AS_1000, 1000
    expected = call(value)
    for text in forms:
        assert parse_bounded_int(text, name, **limits) == value
        assert call(text) == expected, (name, text)
    for text in REFUSED:
        assert refusal(lambda: call(text)) == message(text, name, **limits), (name, text)


def test_piles_are_read_the_same_way():
    two = nimlab.table("fibonacci", max=6, piles=2).shape
    for text in (" 2", "+2", "02", 2):
        assert nimlab.table("fibonacci", max=6, piles=text).shape == two
    for text in ("2e0", "0", 0, "-1", 2.0):
        assert refusal(lambda: nimlab.table("fibonacci", max=6, piles=text)) == \
            message(text, "piles", minimum=1)


def test_python_integers_meet_the_same_limits():
    assert "more than 9,223,372,036,854,775,807" in refusal(
        lambda: nimlab.play("nim", (1, 2), seed=MAX_SEED + 1))
    assert nimlab.play("nim", (1, 2), seed=MAX_SEED, level="easy") is not None
    assert refusal(lambda: nimlab.play("nim", (1, 2), seed=-1)) == message("-1", "seed")
    assert refusal(lambda: nimlab.answer("nim", (1, 2), max_states=0)) == \
        message("0", "max_states", minimum=1)
    # an integer longer than the command line reads: one line, no traceback
    for call in (lambda: nimlab.answer("nim", (10 ** 5000, 1)),
                 lambda: nimlab.answer("nim", (1, 2), max_states=10 ** 5000),
                 lambda: nimlab.answer("fibonacci", (5, 5), last=10 ** 5000)):
        text = refusal(call)
        assert "4,300 digits" in text and "\n" not in text


def test_the_json_api_reads_seed_like_the_web():
    from nimlab import api

    with pytest.raises(api.ApiError) as refused:
        api.computer_move("nim", "1,2", level="easy", seed=-1)
    assert str(refused.value) == message("-1", "seed")


def test_discover_reads_its_integers_the_same_way():
    for text, name, limits, call in [
            ("1e3", "value", {}, lambda v: nimlab.discover("nim", 2, value=v)),
            (2.5, "piles", {"minimum": 1}, lambda v: nimlab.discover("nim", v, value=0)),
            ("x", "max_digits", {"minimum": 1},
             lambda v: nimlab.discover("nim", 2, value=0, max_digits=v)),
            ("0", "max_states", {"minimum": 1},
             lambda v: nimlab.discover("nim", 2, value=0, max_states=v))]:
        assert refusal(lambda: call(text)) == message(text, name, **limits)
    assert nimlab.discover("nim", " 2", value="+0").to_json()["formula"] == \
        nimlab.discover("nim", 2, value=0).to_json()["formula"]

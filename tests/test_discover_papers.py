"""The papers' sets found again with no formula given, each proven EQUAL to its printed rule
(a fast subset; benchmarks/discover.py runs every one)."""

from __future__ import annotations

import pytest

from nimlab.discover.papers import rediscover, targets

FAST = ["bouton", "wythoff.zeckendorf", "sharing.thm2", "endnim.sec5.p.loop",
        "endnim.sec4.misere0", "endnim.sec6.two-pile", "endnim.prop4.2", "fib.intro.zeckendorf",
        "cash.sec5.nim134", "cash.abstract.nim123"]


def test_every_registered_set_is_a_target():
    from nimlab.prove.registered import CLAIMS
    ids = {t.id for t in targets()}
    assert {c.id for c in CLAIMS if c.kind in ("p-positions", "value")} <= ids
    assert set(FAST) <= ids


@pytest.mark.parametrize("target_id", FAST)
def test_rediscovered_and_proven_equal(target_id):
    target = next(t for t in targets() if t.id == target_id)
    out = rediscover(target, time_limit=60)
    assert out["discovery"].status == "proven", out["discovery"]
    assert out["equal"]["status"] == "proven", out["equal"]


def test_a_wrong_rule_is_not_proven_equal():
    """The equality check can fail: Bouton's automaton against a near miss."""
    from dataclasses import replace
    target = next(t for t in targets() if t.id == "bouton")
    out = rediscover(replace(target, formula="p1 ^ p2 ^ p3 = 0 & p1 != 5"), time_limit=60)
    assert out["discovery"].status == "proven"
    assert out["equal"]["status"] == "disproven"
    assert out["equal"]["counterexample"]["position"][0] == 5

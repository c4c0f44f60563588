"""Every registered claim, from its row: the expected status at the row's test bound (and the
smallest counterexample where one is expected), corrections that correct a failing claim, and
runs at the tiny bounds 0..3 (empty or short boxes) that report instead of raising.

The rows live in ``nimlab.papers.<paper>.claims_*``; this file has no per-claim code.
"""

from __future__ import annotations

import pytest

from nimlab.claims import PAPERS, REGISTRY, load_all

load_all()
CLAIMS = sorted(REGISTRY.values(), key=lambda c: c.id)


@pytest.mark.parametrize("claim", CLAIMS, ids=[c.id for c in CLAIMS])
def test_expected_status(claim):
    expect = claim.expect
    result = claim.run(expect.at)
    assert result.status == expect.status, (result.line(), expect)
    first = result.counterexample
    if expect.smallest is None:
        if expect.status in ("holds", "supported"):
            assert first is None
        assert result.evidence.checked > 0
    else:
        assert first is not None and first.as_tuple() == tuple(expect.smallest)


@pytest.mark.parametrize("claim", [c for c in CLAIMS if c.corrects],
                         ids=[c.id for c in CLAIMS if c.corrects])
def test_correction_corrects_a_wrong_claim(claim):
    original = REGISTRY[claim.corrects]
    assert original.expect.status in ("fails", "refuted")
    assert claim.expect.status in ("holds", "supported")
    assert original.paper == claim.paper


@pytest.mark.parametrize("claim", CLAIMS, ids=[c.id for c in CLAIMS])
def test_tiny_bounds_report(claim):
    for bound in range(4):
        result = claim.run(bound)
        assert result.status in ("holds", "fails", "supported", "refuted")


def test_every_paper_has_claims():
    assert {c.paper for c in CLAIMS} == set(PAPERS)

"""docs/ERRATA.md is current: it lists exactly the claims that fail (or are refuted) at their
default bounds and the artifacts whose printed data differ, as `nimlab reproduce all` finds them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nimlab import __version__
from nimlab.claims.report import errata_markdown, errata_stamp

ERRATA = Path(__file__).parents[1] / "docs" / "ERRATA.md"
HEADING = re.compile(r"^### (\S+) \((.*)\): (fails|refuted|printed data differ)$")


@pytest.mark.slow
@pytest.mark.xdist_group("default-bounds")
def test_errata_page_lists_what_reproduce_finds(default_bound_results):
    # The session's one run of every claim at its default bound (tests/conftest.py).
    results, artifacts = default_bound_results
    wrong = {(r.claim.id, r.status) for r in results
             if r.status in ("fails", "refuted") and not r.claim.corrects}
    differ = {(a["id"], "printed data differ") for a in artifacts if not a["matches"]}
    documented = {(m.group(1), m.group(3)) for m in map(HEADING.match,
                                                        ERRATA.read_text().splitlines()) if m}
    assert documented == wrong | differ
    assert wrong and differ
    # Every correction listed on the page holds.
    for r in results:
        if r.claim.corrects:
            assert r.status in ("holds", "supported"), r.line()
    # The page is exactly what the generator writes from these results, with this version of
    # nimlab, on the date the page states.
    stamp = errata_stamp(ERRATA.read_text())
    assert stamp is not None and stamp[0] == __version__, stamp
    assert ERRATA.read_text() == errata_markdown(results, artifacts, __version__, stamp[1])
    # Every entry gives the one command that shows it.
    text = ERRATA.read_text()
    for claim_id, status in wrong:
        assert f"`nimlab verify {claim_id}`" in text
    for artifact_id, _ in differ:
        assert f"`nimlab reproduce {artifact_id} --out DIR`" in text

"""Shared by the tests of the four papers' claims: pin each claim's status at a bound."""

from nimlab.theory.registry import REGISTRY, load_all

load_all()


def pinned_ids(paper: str) -> set:
    """The ids of every registered claim of ``paper``."""
    return {c.id for c in REGISTRY.values() if c.paper == paper}


def pin(claim_id: str, bound: int, status: str, smallest) -> None:
    """Run ``claim_id`` at ``bound``: its status, and its smallest counterexample (position,
    claimed, computed) or none."""
    result = REGISTRY[claim_id].run(bound)
    assert result.status == status
    if smallest is None:
        assert not result.evidence.counterexamples
        assert result.evidence.checked > 0
    else:
        first = result.counterexample
        assert (first.position, first.claimed, first.computed) == smallest


def corrections_fail(paper: str, cases: list) -> None:
    """Every corrected claim of ``paper`` corrects a claim pinned as failing or refuted."""
    status = {case[0]: case[2] for case in cases}
    for c in REGISTRY.values():
        if c.paper == paper and c.corrects:
            assert status[c.corrects] in ("fails", "refuted")


def tiny_bound_errors(paper: str) -> list:
    """Claims of ``paper`` that raise instead of reporting at the bounds 0..3 (empty or tiny
    boxes, e.g. ``nimlab verify --bound 0``)."""
    errors = []
    for c in REGISTRY.values():
        if c.paper == paper:
            for bound in range(4):
                try:
                    c.run(bound)
                except Exception as error:  # noqa: BLE001 - reported, not hidden
                    errors.append((c.id, bound, repr(error)))
    return errors

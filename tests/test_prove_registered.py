"""The registered proofs: proven, re-checked against brute-force tables on a box, consistent
with the box checks of `nimlab verify`, and answered from the store by proof_status."""

from __future__ import annotations

import itertools

import pytest

import brute
from nimlab.prove import registered as reg
from nimlab.prove.procedure import Prover, run
from nimlab.claims import registry


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NIMLAB_CACHE", str(tmp_path / "cache"))


@pytest.fixture(scope="module")
def proofs(tmp_path_factory):
    cache = tmp_path_factory.mktemp("prove-cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("NIMLAB_CACHE", str(cache))
        results = {c.id: reg.prove_claim(c) for c in reg.CLAIMS}
        statuses = {c.id: reg.proof_status(c.id) for c in reg.CLAIMS}
    return results, statuses, cache


def test_fifteen_claims_from_three_papers_proven(proofs):
    results, _, _ = proofs
    proven = [r for r in results.values() if r["status"] == "proven"]
    assert len(proven) >= 15
    assert len({r["paper"] for r in proven}) >= 3
    assert results["sharing.thm2"]["status"] == "proven"


def test_registered_ids_are_verify_claims_that_do_not_fail():
    registry.load_all()
    known = {c.id: c for c in registry.select()}
    for claim in reg.CLAIMS:
        assert claim.id in known, claim.id
        # a claim that fails (or is refuted) on a box must never be registered as provable
        assert known[claim.id].expect.status in ("holds", "supported"), claim.id
        result = known[claim.id].run(min(known[claim.id].default_bound, 40))
        assert result.status not in ("fails", "refuted"), (claim.id, result.status)


def test_proof_status_from_the_store(proofs, monkeypatch, tmp_path):
    results, statuses, cache = proofs
    for claim_id, status in statuses.items():
        assert status is not None and status["status"] == results[claim_id]["status"]
    assert statuses["sharing.prop2.1"]["requires_unproven"] == []
    monkeypatch.setenv("NIMLAB_CACHE", str(tmp_path / "empty"))
    assert reg.proof_status("sharing.thm2") is None  # nothing stored: no proving on demand
    assert reg.proof_status("sharing.table1") is None  # no formula for this claim


def _value(claim, t):
    game = claim.game
    if game == "sharing":
        return brute.sharing(tuple(t))
    if game == "end-nim":
        return brute.end_nim(tuple(v for v in t if v), claim.options["variant"])
    if game == "fibonacci":
        return brute.fibonacci(tuple(t[:-1]), t[-1])
    if game == "subtraction":
        return brute.subtraction(t[0], tuple(int(a) for a in claim.options["set"].split(",")))
    raise AssertionError(game)


def _box(claim):
    k = len(claim.game_formula().names)
    top = {"sharing": 7, "end-nim": {2: 9, 3: 5, 4: 3}.get(claim.piles, 3),
           "fibonacci": 7 if k == 3 else 24, "subtraction": 60}[claim.game]
    for t in itertools.product(range(top + 1), repeat=k):
        if claim.game == "end-nim" and any(t[i] and not t[i + 1] for i in range(k - 1)):
            continue
        yield t


@pytest.mark.parametrize("claim", reg.CLAIMS, ids=lambda c: c.id)
def test_registered_formula_against_brute_force_tables(claim):
    gf = claim.game_formula()
    prover = Prover(gf)

    def member(text):
        dfa = prover.compile(prover.read(text))
        return lambda t: dfa.run({v: dict(zip(gf.names, t))[v] for v in dfa.vars}, base=gf.base)

    inside = member(claim.formula)
    target = member(claim.target) if claim.target else None
    checked = 0
    for t in _box(claim):
        g = _value(claim, t)
        if claim.kind == "p-positions":
            assert inside(t) == (g == 0), (claim.id, t, g)
        elif claim.kind == "value":
            assert inside(t) == (g == claim.value), (claim.id, t, g)
        elif claim.kind == "sentence":
            assert inside(t), (claim.id, t)
        elif claim.kind == "p-subset" and inside(t):
            assert g == 0, (claim.id, t)
        elif claim.kind == "n-set" and inside(t):
            assert g != 0, (claim.id, t)
        elif claim.kind == "independent" and inside(t):
            assert g == 0 or claim.id == "sharing.thm4.proof.i" and g == 1, (claim.id, t, g)
        if target is not None and target(t):
            assert g == 0, (claim.id, "target", t)
        checked += 1
    assert checked > 0


def test_printed_statements_that_fail_are_disproven_at_verify_counterexample():
    """Claims whose box check fails come out disproven, at the counterexample verify finds."""
    registry.load_all()
    printed_rem4 = ('E d. d in "(0|1)*1(00)*" & ((p1 = p2 & (p3 = p1 + d | p1 = p3 + d)) | '
                    '(p1 = p3 & (p2 = p1 + d | p1 = p2 + d)) | (p2 = p3 & (p1 = p2 + d | '
                    'p2 = p1 + d)))')
    gf = reg.BY_ID["sharing.thm2"].game_formula()
    result = run(gf, "p-positions", printed_rem4, store=False)
    assert result["status"] == "disproven"
    assert result["counterexample"]["position"] == [0, 0, 0]
    box = [c for c in registry.select(["sharing.rem4"]) if c.id == "sharing.rem4"][0].run(20)
    assert box.status == "fails"
    # Section 4 as printed: "the bottom row has entry 0 whenever b is even"
    printed_zeros = reg._bottom("p3 % 2 = 0", True)
    result = run(gf, "sentence", printed_zeros, store=False)
    assert result["status"] == "disproven"
    assert result["counterexample"]["position"] == [0, 0, 2]
    box = [c for c in registry.select(["sharing.sec4.zeros"])
           if c.id == "sharing.sec4.zeros"][0].run(20)
    assert box.status == "fails" and "(0,0,2)" in str(box.evidence.counterexamples[0])


def test_verify_shows_a_proof_only_once_it_is_recorded():
    import json

    from click.testing import CliRunner

    from nimlab.cli import main

    args = ["verify", "sharing.rem4.corrected", "--bound", "10", "--json"]
    before = CliRunner().invoke(main, args)
    assert before.exit_code == 0 and json.loads(before.output)[0]["proof"] is None
    proved = CliRunner().invoke(main, [*args, "--prove"])
    assert proved.exit_code == 0
    record = json.loads(proved.output)[0]["proof"]
    assert record["status"] == "proven" and record["counterexample"] is None
    after = CliRunner().invoke(main, args[:-1])  # text: the line says so, from the record
    assert "proven for all positions" in after.output

"""Shared test set-up.

* **A private result store for the whole session.**  ``NIMLAB_CACHE`` points at a fresh temporary
  directory before any test module imports nimlab, so no test reads or writes the user's cache
  (and no result depends on what an earlier run left there).  It is set in ``os.environ``, so
  subprocesses started by the tests inherit it; the directory is removed at the end.
* **Claims at their default bounds run once.**  :func:`default_bound_results` runs every
  registered claim and artifact once per session (tests that need them share the result; mark
  them ``slow`` and ``xdist_group("default-bounds")`` so that they share one worker's run):
  ``-m "not slow"`` leaves them out.
"""

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

#: The session's store: set before nimlab is imported anywhere.
SESSION_CACHE = Path(tempfile.mkdtemp(prefix="nimlab-test-cache-"))
os.environ["NIMLAB_CACHE"] = str(SESSION_CACHE)
#: No first-run compile notice (kernels/jit.py) in the commands' output that tests compare,
#: whatever the compile cache holds; tests/test_first_run.py checks the notice without it.
os.environ["NIMLAB_COMPILE_NOTICE"] = "0"

sys.path.insert(0, str(Path(__file__).parent))

settings.register_profile("nimlab", deadline=None, max_examples=60)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "nimlab"))


def without_made_by(data):
    """A ``--json`` document or web answer less its ``made_by`` (an object's, or each object's
    in a list), to compare with ``to_json()``; fails when one is missing."""
    if isinstance(data, list):
        return [without_made_by(row) for row in data]
    assert isinstance(data, dict) and "made_by" in data, f"no made_by in {str(data)[:200]}"
    return {k: v for k, v in data.items() if k != "made_by"}


def pytest_sessionfinish(session, exitstatus):
    shutil.rmtree(SESSION_CACHE, ignore_errors=True)


@pytest.fixture(scope="session")
def default_bound_results(tmp_path_factory):
    """Every claim run at its default bound and every artifact regenerated, once per session:
    ``(results, artifacts)`` as ``nimlab reproduce all`` computes them."""
    from nimlab.claims import select
    from nimlab.claims.artifacts import select_artifacts

    directory = tmp_path_factory.mktemp("reproduce-all")
    from nimlab.claims.report import errata_proof_ids
    from nimlab.prove.registered import attach_proofs

    results = [claim.run() for claim in select((), "all")]
    attach_proofs(results, prove=errata_proof_ids(results))
    artifacts = [item.run(directory) for item in select_artifacts(["all"])]
    return results, artifacts

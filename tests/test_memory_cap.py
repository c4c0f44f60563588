"""Discovery inside a memory cap: ``--max-memory``, by default half the memory available as the
run starts (never a share of the machine's: a run beside others must not meet the out-of-memory
killer).  NIM(5,6) with cash, uncapped, grew its threshold table to 16 GB (21.7 GB peak)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from nimlab.discover import search
from nimlab.errors import InputError

#: Runs nimlab in a child process and prints that child's peak resident memory (its only
#: child: RUSAGE_CHILDREN is exactly the run's peak), then the run's standard output.
PEAK = """if True:
    import resource, subprocess, sys
    done = subprocess.run([sys.executable, "-m", "nimlab.cli", *sys.argv[1:]],
                          capture_output=True, text=True)
    print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)
    print(done.stdout)
    print(done.stderr, file=sys.stderr)
"""


def test_a_discovery_under_a_2_gb_cap_ends_inside_it():
    done = subprocess.run([sys.executable, "-c", PEAK, "discover", "cash", "--set", "5,6",
                           "--p-positions", "--max-memory", "2G", "--time-limit", "120",
                           "--json"], capture_output=True, text=True, timeout=300)
    code, peak = map(int, done.stdout.split("\n", 1)[0].split())
    assert code == 0, done.stderr
    answer = json.loads(done.stdout.split("\n", 1)[1])
    assert answer["status"] == "unknown"
    assert "over the memory cap of 2.0 GB (--max-memory)" in answer["reason"]
    assert answer["further"].startswith("--max-memory ") or "more memory" in answer["further"]
    assert peak < 2 * 2 ** 30, f"peak {peak / 2 ** 30:.2f} GB"


def test_the_default_cap_is_half_of_what_is_available_now(monkeypatch):
    monkeypatch.setattr(search, "available_memory", lambda: 6 * 2 ** 30)
    assert search.memory_cap() == 3 * 2 ** 30
    assert search.memory_cap("1.5G") == 3 * 2 ** 29 and search.memory_cap(2 ** 27) == 2 ** 27


@pytest.mark.parametrize("given, said", [("lots", "is not a size"), ("12", "at least 64M"),
                                         (True, "give a size")])
def test_a_cap_that_is_no_size_is_one_line(given, said):
    with pytest.raises(InputError, match=said):
        search.memory_cap(given)


def test_the_cap_bounds_the_tables_of_the_active_learner():
    """A table past the cap is never built: the answer is unknown and says why."""
    import nimlab

    found = nimlab.discover("cash", p_positions=True, set="5,6", max_memory="100M",
                            time_limit=60)
    assert found.status == "unknown" and "memory cap" in found.reason

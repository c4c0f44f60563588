"""Octal games at the scale of the records: the sparse kernel on both cores and resumed from a
prefix (the same values as the plain kernel), the linear period search (the same verdict as a
plain search over every period), the repeats kernel against plain Python, the time guard of the
store's tables, and ``nimlab record octal`` (stopped, killed, resumed: the same file)."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import brute
from nimlab.errors import InputError
from nimlab.games.octal import parse_code
from nimlab.kernels import repeats
from nimlab.kernels.octal import octal_values
from nimlab.kernels.octal_sparse import FIRST_PLAIN, lag_of, sparse_values
from nimlab.research import records
from nimlab.research.octal import check_period, octal_period

CODES = ["0.16", "0.007", "0.77", "0.137", "0.177", "0.127", "0.07", "0.4", "0.6", "0.51",
         "0.15", "4.7", "0.1777", "0.3033", "4.07"]


# ------------------------------------------------------------- the kernel on both cores
@pytest.mark.parametrize("code", CODES)
def test_every_core_and_one_give_the_plain_sequence(code, monkeypatch):
    from nimlab.kernels import octal_sparse

    monkeypatch.setattr(octal_sparse, "PARALLEL_WORK", 0)  # every step on both threads
    digits = parse_code(code)
    top = 3 * FIRST_PLAIN
    plain = octal_values(digits, top)
    G, run = sparse_values(digits, top, threads="always")
    assert np.array_equal(G, plain)
    if lag_of(digits) > 1:
        assert run.threads == 2 and run.parallel_heaps == top + 1, run.note
    assert np.array_equal(sparse_values(digits, top, threads=False)[0], plain)
    assert G[:120].tolist() == brute.octal_sequence(digits, 119)


@pytest.mark.parametrize("code, lag", [("0.77", 1), ("0.16", 2), ("0.1777", 2), ("0.007", 3),
                                       ("4.7", 1), ("0.0007", 4), ("0.3", 1)])
def test_the_lag_is_the_fewest_tokens_a_move_leaving_a_heap_takes(code, lag):
    assert lag_of(parse_code(code)) == lag


def test_a_sparse_phase_on_both_cores_with_every_mask(monkeypatch):
    # the sparse-space method itself on two threads: every heap shared, any mask exact
    from nimlab.kernels import octal_sparse

    monkeypatch.setattr(octal_sparse, "PARALLEL_WORK", 0)
    for code in ("0.16", "0.007", "0.1777", "0.127"):
        digits = parse_code(code)
        plain = octal_values(digits, 6000)
        twists = (0, 1) if len({k & 1 for k, d in enumerate(digits) if d & 4}) == 1 else (0,)
        for mask in (1, 2, -2, -72, 5):
            for twist in twists:
                G, run = sparse_values(digits, 6000, mask=(mask, twist), threads="always")
                assert np.array_equal(G, plain), (code, mask, twist)
                assert run.parallel_heaps == 6001


@settings(max_examples=25, deadline=None)
@given(code=st.sampled_from(CODES[:12]), start=st.integers(0, 9000),
       threads=st.sampled_from([False, "always"]))
def test_a_run_resumed_anywhere_gives_the_same_values(code, start, threads):
    digits = parse_code(code)
    plain = octal_values(digits, 9000)
    G = np.full(9001, -7, dtype=np.int32)
    G[:start] = plain[:start]  # the prefix done; garbage past it
    out, _ = sparse_values(digits, 9000, out=G, start=start, threads=threads)
    assert out is G and np.array_equal(G, plain)


def test_growing_values_and_rare_lists_restart_a_step_exactly():
    # 0.007's values pass the first stamp arrays many times over, and 0.15's rare lists fill
    for code, top in (("0.007", 20_000), ("0.15", 20_000)):
        digits = parse_code(code)
        assert np.array_equal(sparse_values(digits, top, threads="always")[0],
                              octal_values(digits, top))


# ------------------------------------------------------------------ the repeats kernel
@settings(max_examples=60, deadline=None)
@given(terms=st.lists(st.integers(0, 3), min_size=1, max_size=80), w=st.integers(1, 12))
def test_tail_matches_and_mismatches_are_plain_pythons(terms, w):
    G = np.array(terms, dtype=np.int32)
    if w > len(G):
        w = len(G)
    out = np.zeros(len(G) + 1, dtype=np.int64)
    count = repeats.tail_matches(G, w, len(G) - w, out)
    expected = repeats.reference_tail_matches(G, w)
    assert set(expected) <= set(out[:count].tolist())  # a hash collision may add a place
    assert out[:count].tolist() == sorted(out[:count].tolist(), reverse=True)
    # a small buffer gives the same places, a batch at a time
    small = np.zeros(2, dtype=np.int64)
    found, below = [], len(G) - w
    while below > 0:
        got = repeats.tail_matches(G, w, below, small)
        found += small[:got].tolist()
        if got < 2:
            break
        below = int(small[got - 1])
    assert found == out[:count].tolist()
    for p in range(1, len(G)):
        for floor in (0, len(G) // 2):
            assert repeats.last_mismatch(G, p, floor) == \
                repeats.reference_last_mismatch(G, p, floor)


# ------------------------------------------------------------------ the period search
def plain_period(digits, G, min_repetitions=3, max_period=None):
    """The documented verdict by a plain search over every period (independent of the
    kernels): the least period proven (the theorem's bound), else the least (preperiod,
    period) fitting with min_repetitions full periods and the preperiod in the first half."""
    G = [int(v) for v in G]
    terms, k = len(G), len(digits) - 1
    hexadecimal = any(d & 8 for d in digits)
    best = None
    for p in range(1, (max_period or terms // 2) + 1):
        if p > terms // 2:
            break
        n0 = 0
        for i in range(terms - p - 1, -1, -1):
            if G[i] != G[i + p]:
                n0 = i + 1
                break
        if not hexadecimal and terms >= 2 * n0 + 2 * p + k:
            smaller = [d for d in range(1, p) if p % d == 0 and
                       all(G[i] == G[i + d] for i in range(n0, 2 * n0 + 2 * p + k - d))]
            if not smaller:
                return ("proven", n0, p)
        if (terms - n0) // p < min_repetitions:
            continue
        if 2 * n0 <= terms and (best is None or (n0, p) < best[1:]):
            best = ("observed", n0, p)
    return best or ("none", None, None)


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("terms", [60, 700, 3000])
def test_the_search_decides_as_a_plain_search_of_every_period(code, terms):
    digits = parse_code(code)
    G = octal_values(digits, terms - 1)
    found = octal_period(digits, G)
    assert (found.status, found.preperiod, found.period) == plain_period(digits, G)


@settings(max_examples=80, deadline=None)
@given(head=st.lists(st.integers(0, 3), max_size=40),
       cycle=st.lists(st.integers(0, 3), min_size=1, max_size=9),
       length=st.integers(1, 200), min_repetitions=st.integers(2, 4),
       code=st.sampled_from(["0.77", "0.007", "4.7"]))
def test_the_search_on_eventually_periodic_data(head, cycle, length, min_repetitions, code):
    G = np.array((head + cycle * 60)[:len(head) + length], dtype=np.int32)
    digits = parse_code(code)
    found = octal_period(digits, G, min_repetitions)
    assert (found.status, found.preperiod, found.period) == \
        plain_period(digits, G, min_repetitions)


def test_one_full_period_is_refused():
    with pytest.raises(InputError, match="2 or more full periods"):
        octal_period(parse_code("0.77"), np.zeros(10, dtype=np.int32), 1)


def test_the_search_is_about_linear_in_the_terms():
    # 0.16's 600,000 values: its period 149,459 proven, where the plain search over every
    # period would compare about 10^11 terms
    digits = parse_code("0.16")
    G, _ = sparse_values(digits, 599_999)
    began = time.perf_counter()
    found = octal_period(digits, G)
    assert (found.status, found.preperiod, found.period) == ("proven", 105_351, 149_459)
    assert check_period(digits, G, 105_351, 149_459).status == "proven"
    assert time.perf_counter() - began < 30  # (about a tenth of a second)


# ------------------------------------------------------------------- the time guard
def test_a_table_past_its_time_is_refused_in_one_line(monkeypatch):
    from nimlab import progress as progress_module
    from nimlab import store
    from nimlab.kernels import octal

    clock = [0.0]
    monkeypatch.setattr(progress_module.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(octal, "MAX_SECONDS", 10.0)
    steps = []

    def report(done, total):  # each report: three more seconds
        steps.append(done)
        clock[0] += 3.0

    with pytest.raises(InputError) as refused:
        store.octal_values(parse_code("0.007"), 200_000, report, use_cache=False)
    text = str(refused.value)
    assert "\n" not in text and "past the limit of 10 s" in text
    assert "nimlab record octal --code 0.007 --max 200000" in text
    assert steps and steps[-1] < 200_001


def test_the_projection_waits_for_a_pace_and_spares_short_work(monkeypatch):
    from nimlab import progress as progress_module

    clock = [0.0]
    monkeypatch.setattr(progress_module.time, "monotonic", lambda: clock[0])
    watched = progress_module.Projected(lambda d, t: None, 10.0, "w", "a")
    for done in range(1, 100):  # 0.1 s a step, 100 steps: 10 s in all, on the limit
        clock[0] += 0.099
        watched(done, 100)
    clock[0] = 0.0
    watched = progress_module.Projected(lambda d, t: None, 10.0, "w", "a")
    with pytest.raises(InputError, match="needs about"):
        for done in range(1, 100):
            clock[0] += 0.3
            watched(done, 100)


# ------------------------------------------------------------------- records
def test_an_octal_record_stopped_and_resumed_is_the_whole_sequence(tmp_path):
    bound = 40_000
    digits = parse_code("0.007")
    first = records.run_octal_record("0.007", bound, tmp_path, checkpoint_seconds=0,
                                     stop_after=lambda done: done > 5_000)
    state = json.loads((tmp_path / records.STATE).read_text())
    assert not first.finished and 5_000 < state["done"] < bound + 1
    assert state["made_by"]["version"]
    result = records.run_octal_record("0.007", bound, tmp_path)
    assert result.finished and result.resumed_from == state["done"]
    data = (tmp_path / records.VALUES).read_bytes()
    expected = octal_values(digits, bound).astype("<i4").tobytes()
    assert data == expected
    assert result.state["sha256"] == hashlib.sha256(expected).hexdigest()
    assert result.state["period"]["status"] == "none"  # 0.007 is never proven
    assert records.run_octal_record("0.007", bound, tmp_path).seconds == 0.0


def test_an_octal_record_proves_its_period(tmp_path):
    result = records.run_octal_record("0.16", 520_000, tmp_path)
    period = result.state["period"]
    assert (period["status"], period["preperiod"], period["period"]) == \
        ("proven", 105_351, 149_459)
    assert result.state["largest"] == 23


def test_another_records_directory_is_refused(tmp_path):
    records.run_octal_record("0.77", 500, tmp_path)
    with pytest.raises(InputError, match="holds the octal record 0.77 up to 500"):
        records.run_octal_record("0.16", 500, tmp_path)
    with pytest.raises(InputError, match="holds the octal record"):
        records.run_octal_record("0.77", 600, tmp_path)
    other = tmp_path / "other"
    records.run_octal_record("0.77", 50, other, stop_after=lambda done: True)
    os.truncate(other / records.VALUES, 10)
    with pytest.raises(InputError, match="not the 204 bytes"):
        records.run_octal_record("0.77", 50, other)
    with pytest.raises(InputError, match="does not exist"):
        records.run_octal_record("0.77", 50, tmp_path / "a" / "b")


def wait_for(state_file, heaps: int) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        time.sleep(0.05)
        try:
            if json.loads(state_file.read_text())["done"] > heaps:
                return
        except (OSError, ValueError, KeyError):
            continue


SLOW = ("import sys, time\nfrom nimlab.kernels import octal_sparse\n"
        "slow = octal_sparse._run_step\n"
        "def step(*a):\n    time.sleep(0.01)\n    return slow(*a)\n"
        "octal_sparse._run_step = step\n"
        "from nimlab.cli import main\n"
        "sys.argv = ['nimlab', 'record', 'octal', '--code', '0.007', '--max', '60000', "
        "'--dir', sys.argv[1], '--checkpoint', '0']\nmain()\n")


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
def test_the_command_stops_and_continues_to_the_same_file(tmp_path, how):
    run = tmp_path / "run"
    child = subprocess.Popen([sys.executable, "-c", SLOW, str(run)], stderr=subprocess.PIPE,
                             text=True)
    wait_for(run / records.STATE, 3_000)
    child.send_signal(how)
    _, err = child.communicate(timeout=60)
    done = json.loads((run / records.STATE).read_text())["done"]
    assert 3_000 < done < 60_001, done
    if how != signal.SIGKILL:
        assert child.returncode == 130, err
        assert "heaps are kept" in err and "run the same command to continue" in err
    finished = subprocess.run([sys.executable, "-m", "nimlab.cli", "record", "octal", "--code",
                               "0.007", "--max", "60000", "--dir", str(run), "--json"],
                              capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr
    answer = json.loads(finished.stdout)
    assert answer["finished"] is True and answer["resumed_from"] == done
    assert answer["made_by"]["command"].startswith("nimlab record octal")
    assert (run / records.VALUES).read_bytes() == \
        octal_values(parse_code("0.007"), 60_000).astype("<i4").tobytes()
    assert not [p for p in run.iterdir() if p.name.startswith(".")]


@pytest.mark.parametrize("args, message", [
    (["--max", "10", "--dir", "D"], "--code is for octal records, which need it"),
    (["--code", "0.7g", "--max", "10", "--dir", "D"], "0.7g"),
    (["--code", "0.77", "--max", "-1", "--dir", "D"], "-1"),
    (["--code", "0.77", "--max", str(10 ** 14), "--dir", "D"], "memory"),
])
def test_bad_record_input_is_one_line(tmp_path, args, message):
    args = [a.replace("D", str(tmp_path / "r")) for a in args]
    done = subprocess.run([sys.executable, "-m", "nimlab.cli", "record", "octal", *args],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and message in done.stderr
    assert "Traceback" not in done.stderr

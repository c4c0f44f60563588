"""The resumable record runner (nimlab.research.records, ``nimlab record``): an interrupted or
killed run, continued, gives the same file bit for bit as the in-memory kernels' tables."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from nimlab.errors import InputError
from nimlab.kernels import pace
from nimlab.kernels import sharing as sh_k
from nimlab.kernels import wythoff as wy_k
from nimlab.research import records

# Wythoff: a parallel step holds two bands of 128 rows, so a run must be long enough to stop
# before its end
BOUNDS = {"sharing": 400, "wythoff": 1000}


def expected_lines(game: str, bound: int) -> bytes:
    """values.bin as it must be: the kernel's half of the in-memory table, line after line."""
    shape = records.layout(game, bound)
    if game == "sharing":
        V = sh_k.sharing_values(bound, parallel=False)
        parts = [V[:b // 2 + 1, b] for b in range(bound + 1)]
    else:
        G = wy_k.wythoff_table(bound, parallel=False)
        parts = [G[a, a:] for a in range(bound + 1)]
    return b"".join(np.ascontiguousarray(p, dtype=shape.dtype).tobytes() for p in parts)


@pytest.fixture
def small_steps(monkeypatch):
    monkeypatch.setattr(pace, "STEP_SECONDS", 1e-4)


@pytest.mark.parametrize("game", ["sharing", "wythoff"])
def test_a_stopped_run_resumed_equals_the_kernel_table(game, tmp_path, small_steps):
    bound = BOUNDS[game]
    first = records.run_record(game, bound, tmp_path, checkpoint_seconds=0,
                               stop_after=lambda lines: lines >= bound // 3)
    assert not first.finished and bound // 3 <= first.state["done"] < bound + 1
    # A killed run may have written past its checkpoint: that part must be dropped.
    with open(tmp_path / records.VALUES, "ab") as handle:
        handle.write(b"\x7f" * 1000)
    (tmp_path / f".{records.STATE}.x1y2.part").write_text("{")  # a checkpoint cut short
    again = records.run_record(game, bound, tmp_path, parallel="always")
    assert again.finished and again.resumed_from == first.state["done"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [records.STATE, records.VALUES]
    data = (tmp_path / records.VALUES).read_bytes()
    assert data == expected_lines(game, bound)
    import hashlib
    assert again.state["sha256"] == hashlib.sha256(data).hexdigest()
    # A finished record is not recomputed.
    assert records.run_record(game, bound, tmp_path).seconds == 0.0


KILLED = """
import sys, time
from nimlab.kernels import pace, sharing
from nimlab.research import records
pace.STEP_SECONDS = 1e-4
slow = sharing.SharingRun.step
def step(self, *args):
    slow(self, *args)
    time.sleep(0.01)
sharing.SharingRun.step = step
records.run_record("sharing", int(sys.argv[1]), sys.argv[2], checkpoint_seconds=0)
"""


def wait_for_lines(state_file, lines: int) -> None:
    """Until the checkpoint in ``state_file`` says more than ``lines`` lines are done."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        time.sleep(0.05)
        try:
            if json.loads(state_file.read_text())["done"] > lines:
                return
        except (OSError, ValueError, KeyError):
            continue


def test_a_killed_process_continues_from_its_last_checkpoint(tmp_path):
    bound = 600
    child = subprocess.Popen([sys.executable, "-c", KILLED, str(bound), str(tmp_path)])
    state_file = tmp_path / records.STATE
    try:
        wait_for_lines(state_file, 100)
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait(timeout=60)
    done = json.loads(state_file.read_text())["done"]
    assert 100 < done < bound + 1, done  # killed mid-run
    result = records.run_record("sharing", bound, tmp_path)
    assert result.finished and result.resumed_from == done
    assert (tmp_path / records.VALUES).read_bytes() == expected_lines("sharing", bound)
    # No temporary file left, even if the kill cut a checkpoint's write short.
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_the_command_checkpoints_on_sigterm_and_continues(tmp_path):
    run = tmp_path / "run"
    code = ("import sys, time\nfrom nimlab.kernels import pace, wythoff\n"
            "pace.STEP_SECONDS = 1e-4\nslow = wythoff.WythoffRun.step\n"
            "def step(self, *a):\n    slow(self, *a)\n    time.sleep(0.01)\n"
            "wythoff.WythoffRun.step = step\nfrom nimlab.cli import main\n"
            "sys.argv = ['nimlab', 'record', 'wythoff', '--max', '500', '--dir', sys.argv[1],"
            " '--checkpoint', '0']\nmain()\n")
    # one thread: steps of a few rows (a parallel step holds a band of 128 rows a thread, and
    # 501 rows would take two or three steps, done before the signal arrives)
    child = subprocess.Popen([sys.executable, "-c", code, str(run)], stderr=subprocess.PIPE,
                             text=True, env={**os.environ, "NUMBA_NUM_THREADS": "1"})
    wait_for_lines(run / records.STATE, 0)
    child.send_signal(signal.SIGTERM)
    _, err = child.communicate(timeout=60)
    assert child.returncode == 130, err
    assert "run the same command to continue" in err
    done = json.loads((run / records.STATE).read_text())["done"]
    assert 0 < done < 501
    assert (run / records.VALUES).stat().st_size == \
        int(records.layout("wythoff", 500).offsets()[done]) * 2
    finished = subprocess.run([sys.executable, "-m", "nimlab.cli", "record", "wythoff", "--max",
                               "500", "--dir", str(run), "--json"], capture_output=True,
                              text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr
    assert json.loads(finished.stdout)["finished"] is True
    assert (run / records.VALUES).read_bytes() == expected_lines("wythoff", 500)


def test_a_directory_of_another_record_is_refused(tmp_path):
    records.run_record("sharing", 50, tmp_path)
    with pytest.raises(InputError, match="holds the sharing record up to 50"):
        records.run_record("sharing", 60, tmp_path)
    with pytest.raises(InputError, match="record tables exist for"):
        records.run_record("nim", 60, tmp_path / "other")
    os.truncate(tmp_path / records.VALUES, 10)
    with pytest.raises(InputError, match="shorter than its checkpoint"):
        records.run_record("sharing", 50, tmp_path)


def cpu_seconds(pid: int) -> float:
    """CPU time used by process ``pid`` so far (all its threads), from /proc."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_ctrl_c_inside_a_long_kernel_acts_within_seconds(tmp_path):
    # The kernel runs in short steps; Python sees the signal between two (it used to wait for
    # the end of a 100-column chunk, about 19 s at this size).
    out = tmp_path / "t.npy"
    child = subprocess.Popen([sys.executable, "-m", "nimlab.cli", "table", "wythoff", "--max",
                              "20000", "--no-cache", "--out", str(out)],
                             stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while cpu_seconds(child.pid) < 3 and time.monotonic() < deadline:
        time.sleep(0.2)  # until well inside the computation (it takes minutes)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=120)
    took = time.monotonic() - sent
    assert child.returncode == 130, err
    assert took < 5, took  # about a second on an idle machine; generous for a loaded one
    assert not out.exists() and not list(tmp_path.iterdir())


@pytest.mark.parametrize("game, bound", [("sharing", 240), ("wythoff", 150)])
def test_the_summary_counts_the_whole_table(game, bound, tmp_path):
    records.run_record(game, bound, tmp_path)
    summary = records.summarize(tmp_path, p_positions=10**6)
    if game == "sharing":
        V = sh_k.sharing_values(bound, parallel=False).astype(np.int64)
        full = V[np.triu_indices(bound + 1)]  # every (0, a, b), a <= b
        a, b = np.nonzero((V == 0) & (2 * np.arange(bound + 1)[:, None] <= np.arange(bound + 1)))
        half = sorted(zip(a.tolist(), b.tolist()))
        big = np.triu(V >= 2) & (2 * np.arange(bound + 1)[:, None] <= np.arange(bound + 1))
        rows, cols = np.nonzero(big)
        violations = int((rows > 2 * V[rows, cols] - 1).sum())
        assert summary["checks"]["conjecture_3"]["violations"] == violations
        row1 = V[1, 1:]
        assert summary["checks"]["conjecture_1_rows"][0]["max"] == int(row1.max())
    else:
        G = wy_k.wythoff_table(bound, parallel=False).astype(np.int64)
        full = G.ravel()
        a, b = np.nonzero(np.triu(G == 0) & (G == 0))
        half = sorted(zip(a.tolist(), b.tolist()))
        assert summary["checks"]["wythoff_theorem"]["holds"] is True
    assert summary["positions"] == full.size
    assert summary["value_counts"] == {str(v): int((full == v).sum()) for v in range(10)}
    assert summary["max_value"] == int(full.max())
    assert sorted(map(tuple, summary["p_position_list"])) == half

"""The second hostile probe (issue 29): what escaped the one-line-refusal rule, and what a
newcomer and a notebook user tripped on.  One test (at least) per example of the issue."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time

import pytest

from click.testing import CliRunner

from nimlab.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def nimlab(*args: str, memory: int | None = None, **kwargs) -> subprocess.CompletedProcess:
    """``nimlab ARGS`` in a subprocess (with at most ``memory`` bytes of address space)."""
    def limit() -> None:
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    return subprocess.run([sys.executable, "-m", "nimlab.cli", *args], capture_output=True,
                          text=True, timeout=kwargs.pop("timeout", 120), preexec_fn=limit,
                          **kwargs)


def one_line_refusal(result, *words: str) -> None:
    err = result.stderr if hasattr(result, "stderr") and result.stderr is not None else ""
    text = err or result.output
    assert result.returncode if hasattr(result, "returncode") else result.exit_code
    code = result.returncode if hasattr(result, "returncode") else result.exit_code
    assert code == 2, text
    assert len(text.strip().splitlines()) == 1 and "Traceback" not in text, text
    for word in words:
        assert word in text, text


# ------------------------------------------------------------------ unbounded
def test_a_huge_list_table_is_refused_up_front():
    for extra in ((), ("--json",), ("--out", "t.csv")):
        done = nimlab("table", "subtraction", "--set", "1,3,4", "--max", "100000000", *extra,
                      memory=3 * 2**30, timeout=60)
        one_line_refusal(done, "100,000,001 rows", "--max 10000000")


def test_a_list_table_too_long_to_print_says_to_write_a_csv(tmp_path):
    for extra in ((), ("--json",), ("--out", str(tmp_path / "t.json"))):
        done = run("table", "subtraction", "--set", "1,3,4", "--max", "2000000", *extra)
        assert done.exit_code == 2 and "--out FILE.csv" in done.output, done.output
    assert not (tmp_path / "t.json").exists()


def test_a_long_subtraction_table_streams_its_rows(tmp_path):
    from nimlab.tables import build_table

    table = build_table("subtraction", bound=300_000, subtraction_set="1,3,4")
    assert not isinstance(table.rows, list)  # rows made on demand, never held at once
    assert table.rows[7] == [7, 0, "P", "II"] and table.rows[-1][0] == 300_000
    path = table.write(tmp_path / "t.csv")
    lines = path.read_text().splitlines()
    assert lines[0] == "n,value,outcome,winner" and len(lines) == 300_002
    assert lines[5] == "4,2,N,I"


# ------------------------------------------------------------------ tracebacks
def test_a_constant_of_5000_digits_in_a_formula_is_refused_in_one_line():
    huge = "7" * 5000
    done = run("prove", "nim", "--piles", "2", "--p-positions", f"p1 = {huge}")
    assert done.exit_code == 2 and "5,000 digits" in done.output, done.output
    assert len(done.output.strip().splitlines()) == 1
    import nimlab
    from nimlab.errors import InputError

    with pytest.raises(InputError, match="4,000"):
        nimlab.prove("nim", piles=2, p_positions=f"p1 = 3 * {huge}")


def test_ctrl_c_on_serve_while_it_checks_the_claims_prints_no_traceback(tmp_path):
    """Ctrl-C at a terminal reaches the whole process group: the server, its workers and the
    claims process checking in the background."""
    command = [sys.executable, "-m", "nimlab.cli", "serve", "--port", "0", "--json"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True,
                               env={**os.environ, "NIMLAB_CACHE": str(tmp_path)})
    try:
        assert "url" in process.stdout.readline()
        time.sleep(4)  # the claims process is running now (it takes minutes)
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert "Traceback" not in err and "never retrieved" not in err, err
    assert process.returncode == 130 and err.strip() == "nimlab: interrupted", err


# ------------------------------------------------------------------ leftovers
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_an_interrupted_reproduce_leaves_nothing_and_the_rerun_is_not_refused(tmp_path, signum):
    process = subprocess.Popen([sys.executable, "-m", "nimlab.cli", "reproduce", "all", "--out",
                                "rdir"], cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not any(  # until the first artifact is written
            p.is_file() for p in tmp_path.rglob("*")):
        time.sleep(0.2)
    time.sleep(1)
    process.send_signal(signum)
    _, err = process.communicate(timeout=60)
    assert process.returncode in (128 + signum, 130), err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == [], list(tmp_path.rglob("*"))
    again = run("reproduce", "sharing.table1", "--out", str(tmp_path / "rdir"), "--no-claims")
    assert again.exit_code == 0, again.output


def test_reproduce_on_a_full_disk_leaves_nothing(tmp_path, monkeypatch):
    from nimlab import fileio

    real = fileio.write_text

    def full(path, text, **kwargs):
        if str(path).endswith("errata.md"):
            raise OSError(28, "No space left on device", str(path))
        return real(path, text, **kwargs)

    monkeypatch.setattr(fileio, "write_text", full)
    done = run("reproduce", "sharing.table1", "--out", str(tmp_path / "rdir"), "--no-claims")
    assert done.exit_code == 2 and "No space left" in done.output, done.output
    assert str(tmp_path / "rdir") in done.output and ".part" not in done.output
    assert list(tmp_path.iterdir()) == []


def test_a_directory_without_reports_is_not_said_to_hold_reports(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    done = run("reproduce", "sharing.table1", "--out", str(tmp_path), "--no-claims")
    assert done.exit_code == 2 and "holds no reports" in done.output, done.output

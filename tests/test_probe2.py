"""The second hostile probe (issue 29): what escaped the one-line-refusal rule, and what a
newcomer and a notebook user tripped on.  One test (at least) per example of the issue."""

from __future__ import annotations

import json
import os
import re
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from click.testing import CliRunner

from conftest import without_made_by
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


# ------------------------------------------------------------------ misleading
def test_a_read_only_store_computes_and_says_once_that_nothing_was_stored(monkeypatch, tmp_path):
    import errno
    import tempfile
    import warnings

    from nimlab import store

    real = tempfile.mkstemp

    def read_only(*args, dir=None, **kwargs):
        if dir is not None and str(dir).startswith(str(store.cache_dir())):
            raise OSError(errno.EROFS, "Read-only file system",
                          f"{dir}/.sharing-x.npy.part")
        return real(*args, dir=dir, **kwargs)

    # an empty store of its own: a table another test left in the session's store would be
    # read, not written, and there would be nothing to refuse
    monkeypatch.setenv("NIMLAB_CACHE", str(tmp_path / "store"))
    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    monkeypatch.setattr(store, "MIN_WORK", 0)  # every table is stored
    monkeypatch.setitem(store._STORED, "unwritable", False)
    store.forget()
    done = run("table", "wythoff", "--max", "7")
    assert done.exit_code == 0, done.output
    assert done.output.count("nothing is stored") == 1 and ".part" not in done.output
    assert "Grundy values" in done.output
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        store.forget()
        store.wythoff_table(9)
        store.cash_winners((1, 2), 5, 6)
    assert not [w for w in caught if "nothing is stored" in str(w.message)]  # said once


def test_out_never_replaces_a_write_protected_file(tmp_path):
    target = tmp_path / "t.csv"
    target.write_text("mine\n")
    target.chmod(0o444)
    done = run("table", "sharing", "--max", "5", "--out", str(target))
    assert done.exit_code == 2 and "write-protected" in done.output, done.output
    assert target.read_text() == "mine\n" and (target.stat().st_mode & 0o777) == 0o444
    from nimlab import fileio

    with pytest.raises(PermissionError):
        fileio.write_text(target, "other")
    assert target.read_text() == "mine\n"


@pytest.mark.parametrize("args", [["cache"], ["cache", "list"], ["value", "nim", "1,2"],
                                  ["table", "sharing", "--max", "5"]])
def test_the_store_settings_are_refused_the_same_by_every_command(tmp_path, monkeypatch, args):
    afile = tmp_path / "afile"
    afile.write_text("")
    monkeypatch.setenv("NIMLAB_CACHE", str(afile))
    done = run(*args)
    assert done.exit_code == 2 and "is a file, not a directory" in done.output, done.output
    monkeypatch.setenv("NIMLAB_CACHE", str(tmp_path / "store"))
    monkeypatch.setenv("NIMLAB_CACHE_MAX", "bogus")
    done = run(*args)
    assert done.exit_code == 2 and "NIMLAB_CACHE_MAX='bogus' is not a size" in done.output


def test_a_short_write_of_npy_says_the_disk_is_full_naming_the_file(tmp_path, monkeypatch):
    import numpy as np

    def short(handle, array, **kwargs):
        raise OSError("4004001 requested and 524224 written")

    monkeypatch.setattr(np, "save", short)
    target = tmp_path / "v.npy"
    done = run("table", "sharing", "--max", "20", "--out", str(target))
    assert done.exit_code == 2, done.output
    assert "No space left on device" in done.output and str(target) in done.output
    assert "requested" not in done.output and not list(tmp_path.iterdir())


def test_standard_output_on_a_full_device_is_named():
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "nimlab.cli", "value", "nim", "1,2"],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip() == ("nimlab: error: cannot write standard output: No space left "
                                   "on device"), done.stderr


def test_standard_output_closed_is_said():
    done = subprocess.run([sys.executable, "-m", "nimlab.cli", "value", "nim", "3,5"],
                          stderr=subprocess.PIPE, text=True, timeout=120,
                          stdin=subprocess.DEVNULL, preexec_fn=lambda: os.close(1))
    assert done.returncode == 1 and "standard output is closed" in done.stderr, done.stderr


def test_out_naming_a_device_or_a_directory_says_so(tmp_path):
    done = run("table", "sharing", "--max", "5", "--out", "/dev/full")
    assert done.exit_code == 2 and "not a regular file" in done.output, done.output
    import nimlab
    from nimlab.errors import InputError

    with pytest.raises(InputError, match="is a directory"):
        nimlab.table("sharing", max=5).save(tmp_path)


def test_a_temporary_file_is_never_named(tmp_path, monkeypatch):
    import errno
    import tempfile

    def refuse(*args, dir=None, prefix="", suffix="", **kwargs):
        raise OSError(errno.ENOENT, "No such file or directory", f"{dir}/{prefix}lfxl9bl1{suffix}")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    done = run("table", "sharing", "--max", "5", "--out", str(tmp_path / "x.csv"))
    assert done.exit_code == 2 and str(tmp_path / "x.csv") in done.output, done.output
    assert ".part" not in done.output


@pytest.mark.parametrize("args", [["value", "nim", "1,2"],
                                  ["prove", "nim", "--piles", "2", "--p-positions", "p1 = p2"]])
def test_a_time_limit_of_nan_is_refused_naming_the_flag(args):
    done = run(*args, "--time-limit", "nan")
    assert done.exit_code == 2 and "--time-limit" in done.output, done.output
    assert "time_limit" not in done.output


# ------------------------------------------------------------------ quiet long runs
def test_a_long_run_off_a_terminal_prints_a_plain_progress_line(monkeypatch, capsys):
    from nimlab.cli import common

    monkeypatch.setattr(common, "PLAIN_SECONDS", 0.05)
    monkeypatch.setattr(common.sys.stderr, "isatty", lambda: False, raising=False)
    with common.progress_bar("verifying") as update:
        update(2, 7)
        time.sleep(0.3)
    lines = capsys.readouterr().err.splitlines()
    assert lines and lines[0] == "nimlab: verifying: 2/7 (28%), 0 s", lines


def test_a_plain_progress_line_comes_even_while_one_step_is_long(capsys):
    from nimlab.cli import common

    with common.plain_progress("sweep x", every=0.05) as update:
        update(3, 10)
        time.sleep(0.3)  # one long step: no call to update
    err = capsys.readouterr().err
    assert "nimlab: sweep x: 3/10 (30%)" in err and err.count("\n") >= 2


def test_what_other_processes_stored_is_said(monkeypatch):
    import numpy as np

    from nimlab import store

    before = store.usage()
    assert store.growth_note(before) is None
    store.save("subtraction", {"set": [1, 2, 99]}, 10, np.zeros(11, dtype=np.int64))
    note = store.growth_note(before)
    assert note and "(+1)" in note and str(store.cache_dir()) in note
    monkeypatch.setenv("NIMLAB_CACHE_MAX", str(store.usage()["bytes"]))
    assert "at its cap" in store.growth_note(before)


# ------------------------------------------------------------------ the notebook user
def test_python_errors_name_keyword_arguments_not_options():
    import nimlab
    from nimlab.errors import InputError, TooManyStates

    with pytest.raises(InputError) as caught:
        nimlab.answer("cash", (14,), set="1,3,4")
    assert "budgets=d1,d2" in str(caught.value) and "--" not in str(caught.value)
    with pytest.raises(TooManyStates) as caught:
        nimlab.answer("fibonacci", (80, 60, 40, 20), last=0)
    assert "max_states=2,000,000" in str(caught.value) and "--" not in str(caught.value)
    with pytest.raises(InputError) as caught:
        nimlab.table("nim", max=10**6)
    assert "use max=" in str(caught.value) and "--" not in str(caught.value)
    with pytest.raises(InputError) as caught:
        nimlab.prove("nim", "x")
    # p_positions is a flag in Python (p_positions=True); value and holds take a value
    assert "p_positions=True, value or holds" in str(caught.value) \
        and "--" not in str(caught.value)
    # the command line keeps its options' names
    assert "--budgets d1,d2" in run("value", "cash", "14", "--set", "1,3,4").output


def test_help_of_prove_and_discover_documents_the_call():
    import pydoc

    import nimlab

    for function, words in ((nimlab.prove, ("p_positions", "value=", "holds=")),
                            (nimlab.discover, ("p_positions", "value=", "max_digits", "base"))):
        text = pydoc.render_doc(function, renderer=pydoc.plaintext)
        head = text[:text.index("PACKAGE CONTENTS")] if "PACKAGE CONTENTS" in text else text
        for word in words:
            assert word in head, (word, head[:800])
    assert "**options" not in pydoc.render_doc(nimlab.discover, renderer=pydoc.plaintext)


def test_a_numpy_array_is_a_position():
    import numpy as np

    import nimlab
    from nimlab.errors import InputError

    assert nimlab.value("sharing", np.array([0, 4, 8])) == nimlab.value("sharing", (0, 4, 8))
    assert nimlab.value("fibonacci", (np.array([9, 4]), np.int64(3))) == \
        nimlab.value("fibonacci", ((9, 4), 3))
    game, _ = nimlab.load("nim", "1,2")
    assert nimlab.value(game, np.array([3, 5])) == 6
    with pytest.raises(InputError, match="1.5 is not an integer"):
        nimlab.value("nim", np.array([1.5, 2.0]))


def test_a_play_session_can_undo():
    import nimlab
    from nimlab.errors import IllegalMove

    session = nimlab.play("nim", (1, 2))
    with pytest.raises(IllegalMove, match="nothing to undo"):
        session.undo()
    session.move("2-2")  # loses: the computer takes the last token
    assert session.over
    assert session.undo() is session
    assert session.position == (1, 2) and not session.over and session.history == []
    assert session.to_move == "you" and session.events[-1]["event"] == "undo"
    session.move("2-1")  # the winning move now
    assert session.position == (0, 1) or session.over


# ------------------------------------------------------------------ errata from the terminal
ERRATA_PAGE = Path(__file__).parents[1] / "docs" / "ERRATA.md"


def test_errata_lists_every_entry_of_the_errata_page_with_its_parts():
    data = json.loads(run("errata", "--json").output)
    page = ERRATA_PAGE.read_text()
    headings = re.findall(r"^### (\S+) \(", page, re.M)
    assert [e["id"] for e in data["errata"]] == headings
    assert sorted(c["id"] for e in data["errata"] for c in e["corrections"]) == \
        sorted(re.findall(r"^\*Corrected \(([^)]*)\):\*", page, re.M))
    for entry in data["errata"]:
        assert entry["printed"] and entry["true"] and entry["check"].startswith("nimlab ")
        assert entry["status"] in ("fails", "refuted", "printed data differ")
        assert entry["counterexamples"] or entry["evidence"], entry["id"]
    rem4 = next(e for e in data["errata"] if e["id"] == "sharing.rem4")
    assert rem4["counterexamples"][0] == {"position": "(0,0,0)", "claimed": "N",
                                          "computed": "P"}
    fix = rem4["corrections"][0]
    assert fix["id"] == "sharing.rem4.corrected" and fix["status"] == "holds"
    assert fix["proof"] == "proven" and rem4["true"] == fix["statement"]


def test_errata_as_text_and_from_python():
    import nimlab

    found = nimlab.errata("cash.thm4.4")
    assert len(found) == 1 and repr(found).startswith("Errata(1 entries: 1 fails")
    assert found.to_json() == without_made_by(json.loads(run("errata", "cash.thm4.4",
                                                             "--json").output))
    text = run("errata", "cash.thm4.4").output
    for part in ("cash.thm4.4 (Gasarch and Purtilo 2015, Section 4, Theorem 4.4): fails",
                 "the paper says:", "what is true:", "counterexample: NIM(1,2) (0; 1, 0)",
                 "correction: cash.thm4.4.corrected (holds", "check: nimlab verify cash.thm4.4"):
        assert part in text, text
    assert max(len(line) for line in text.splitlines()) <= 80
    assert {e["paper"] for e in nimlab.errata(paper="cash")} == {"cash"}
    one_line_refusal(run("errata", "no.such.claim"), "no erratum")
    one_line_refusal(run("errata", "--paper", "nope"), "unknown paper")


def test_the_errata_page_reads_back_what_its_generator_wrote():
    """read_errata is the inverse of errata_markdown on real results."""
    from nimlab.claims import select
    from nimlab.claims.report import errata_markdown, read_errata

    results = [claim.run(30) for claim in select(("sharing.rem4",), None)]
    results += [claim.run(30) for claim in select(("sharing.rem4.corrected",), None)]
    (entry,) = read_errata(errata_markdown(results, [], "0", "2026-01-01"))
    wrong, fixed = results
    assert entry["id"] == wrong.claim.id and entry["printed"] == wrong.claim.statement
    assert entry["status"] == wrong.status and entry["citation"] == wrong.claim.citation
    assert [x["position"] for x in entry["counterexamples"]] == \
        [str(x.position) for x in wrong.evidence.counterexamples[:3]]
    (correction,) = entry["corrections"]
    assert correction["statement"] == fixed.claim.statement
    assert correction["status"] == fixed.status


def test_a_command_says_what_it_stored(monkeypatch, tmp_path):
    """(verify, table and every in-process command: the note of nimlab.cli at the end)"""
    from nimlab import store

    monkeypatch.setenv("NIMLAB_CACHE", str(tmp_path / "store"))
    monkeypatch.setattr(store, "ANNOUNCE_BYTES", 0)
    monkeypatch.setattr(store, "MIN_WORK", 0)
    store.forget()
    done = run("table", "end-nim", "--piles", "2", "--max", "97")  # asked by no other test
    assert done.exit_code == 0, done.output
    assert "nimlab: note: this run stored" in done.output and str(tmp_path / "store") in \
        done.output

"""What a new or hostile user runs into: markup in data, overwritten reports, closed output,
signals while a file is written, errors naming the user's file, mistyped options, empty ids."""

from __future__ import annotations

import errno
import json
import os
import re
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from nimlab import fileio
from nimlab.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def nimlab(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "nimlab.cli", *args], capture_output=True,
                          text=True, timeout=120, **kwargs)


# ------------------------------------------------------------------ markup is data
def test_bracketed_data_is_printed_as_it_is(monkeypatch):
    from nimlab.claims.registry import Result

    monkeypatch.setattr(Result, "line", lambda self: f"{self.claim.id} holds [proven for all "
                        "positions] [bold]x[/bold]")
    out = run("verify", "sharing.thm1", "--bound", "10").output
    assert "[proven for all positions] [bold]x[/bold]" in out


def test_styled_text_reads_no_markup():
    from nimlab.cli.common import console, styled

    with console.capture() as captured:
        console.print(styled(("[red]", "bold"), " [/]"))
    assert captured.get().strip() == "[red] [/]"


# ------------------------------------------------------------------ reports are kept
def test_second_reproduce_does_not_clobber(tmp_path):
    out = tmp_path / "repro"
    first = run("reproduce", "sharing.table1", "--out", str(out), "--no-claims")
    assert first.exit_code == 0, first.output
    (out / "report.md").write_text("mine")
    second = run("reproduce", "sharing.table1", "--out", str(out), "--no-claims")
    assert second.exit_code == 2 and "--force" in second.output
    assert len(second.output.strip().splitlines()) == 1
    assert (out / "report.md").read_text() == "mine"
    forced = run("reproduce", "sharing.table1", "--out", str(out), "--no-claims", "--force")
    assert forced.exit_code == 0 and "replaced the reports" in forced.output
    assert (out / "report.md").read_text() != "mine"


# ------------------------------------------------------------------ misleading outputs
def test_empty_claim_id_is_an_error():
    result = run("verify", "")
    assert result.exit_code == 2 and "empty claim id" in result.output
    assert run("reproduce", " ", "--out", "x", "--no-claims").exit_code == 2


@pytest.mark.parametrize("args", [["value", "sharing", "0,4,8", "--jsn"],
                                  ["table", "sharing", "--max", "16", "--jsn"],
                                  ["verify", "sharing.thm1", "--jsn"]])
def test_mistyped_option_is_named_with_a_suggestion(args):
    result = run(*args)
    assert result.exit_code == 2
    assert "no such option --jsn, did you mean --json" in result.output


def test_closed_stdout_exits_nonzero_without_traceback():
    read, write = os.pipe()
    os.close(read)  # the reader is gone before anything is written
    try:
        for args in (["value", "sharing", "0,4,8"], ["table", "sharing", "--max", "16"]):
            done = subprocess.run([sys.executable, "-m", "nimlab.cli", *args], stdout=write,
                                  stderr=subprocess.PIPE, text=True, timeout=120)
            assert done.returncode == 1 and done.stderr == "", done.stderr
    finally:
        os.close(write)
    done = subprocess.run([sys.executable, "-m", "nimlab.cli", "value", "nim", "3,5"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          timeout=120, stdin=subprocess.DEVNULL, close_fds=True,
                          preexec_fn=lambda: os.close(1))
    assert done.returncode == 1 and "Traceback" not in done.stderr


# ------------------------------------------------------------------ files
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_signal_while_writing_leaves_no_part_file(tmp_path, signum):
    script = textwrap.dedent(f"""
        import os, signal, sys
        from nimlab import fileio
        # as in a terminal: under nohup (SIGHUP ignored) nimlab leaves the signal alone
        signal.signal({int(signum)}, signal.SIG_DFL)
        def write(handle):
            handle.write(b"x" * 1000)
            os.kill(os.getpid(), {int(signum)})
            handle.write(b"y")
        try:
            fileio.write_bytes(sys.argv[1], write)
        except fileio.Terminated as stop:
            sys.exit(128 + stop.signum)
    """)
    target = tmp_path / "out.bin"
    done = subprocess.run([sys.executable, "-c", script, str(target)], timeout=60)
    assert done.returncode == 128 + signum
    assert sorted(os.listdir(tmp_path)) == []


def test_cli_terminated_says_so(tmp_path):
    done = subprocess.Popen([sys.executable, "-c", "import time, sys\n"
                             "from nimlab.cli import main\n"
                             "from nimlab import fileio\n"
                             "def slow(h):\n h.write(b'x'); time.sleep(60)\n"
                             "import nimlab.cli.commands.games as g\n"
                             "sys.argv=['nimlab','games']\n"
                             "g.command.callback = lambda **k: fileio.write_bytes(sys.argv[0] "
                             "and %r, slow)\n"
                             "main()" % str(tmp_path / "t.bin")],
                            stderr=subprocess.PIPE, text=True)
    import time

    deadline = time.time() + 60
    while not any(p.name.endswith(".part") for p in tmp_path.iterdir()):
        assert time.time() < deadline and done.poll() is None
        time.sleep(0.05)
    done.send_signal(signal.SIGTERM)
    assert done.wait(timeout=60) == 128 + signal.SIGTERM
    assert "terminated (SIGTERM)" in done.stderr.read()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_stops_a_wythoff_table_on_the_threads_within_moments(tmp_path, signum):
    """The parallel Wythoff kernel runs steps of about two seconds, but a signal stops its
    threads within a tile: the command ends at once, in one line, and leaves no file."""
    import time

    target = tmp_path / "w.npy"
    env = {**os.environ, "NUMBA_NUM_THREADS": "2"}
    child = subprocess.Popen([sys.executable, "-m", "nimlab.cli", "table", "wythoff", "--max",
                              "20000", "--out", str(target), "--no-cache"], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 60
    while not any(p.name.endswith(".part") for p in tmp_path.iterdir()):
        assert time.time() < deadline and child.poll() is None
        time.sleep(0.05)
    time.sleep(1.0)  # inside a parallel step
    sent = time.perf_counter()
    child.send_signal(signum)
    code = child.wait(timeout=60)
    took = time.perf_counter() - sent
    stderr = child.stderr.read()
    assert code == (130 if signum == signal.SIGINT else 128 + signum), stderr
    assert "Traceback" not in stderr and list(tmp_path.iterdir()) == []
    assert took < 1.5, f"ended {took:.2f} s after the signal"


def test_errors_name_the_users_file_not_the_temporary_one(tmp_path, monkeypatch):
    target = tmp_path / "table.npy"

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError) as caught:
        fileio.write_bytes(target, b"123")
    assert caught.value.filename == str(target) and caught.value.errno == errno.ENOSPC
    assert os.listdir(tmp_path) == []
    monkeypatch.undo()
    result = run("table", "sharing", "--max", "16", "--out", str(target))
    assert result.exit_code == 0
    monkeypatch.setattr(os, "fsync", full)
    result = run("table", "sharing", "--max", "16", "--out", str(target))
    assert result.exit_code == 2
    assert f"cannot use {target}: No space left on device" in result.output
    assert ".part" not in result.output


def test_a_full_disk_refuses_a_table_computed_into_its_file_before_computing(tmp_path,
                                                                             monkeypatch):
    """The mapped output reserves its whole length first: no space is a one-line error at
    once (not a crash of the mapped memory later), and no file is left."""
    target = tmp_path / "w.npy"
    computed = []

    def full(fd, offset, length):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(fileio.MappedNpy, "MIN_BYTES", 1)
    monkeypatch.setattr(os, "posix_fallocate", full)
    from nimlab.kernels import pace

    real = pace.run_paced
    monkeypatch.setattr(pace, "run_paced", lambda *a, **k: computed.append(1) or real(*a, **k))
    result = run("table", "wythoff", "--max", "300", "--out", str(target), "--no-cache")
    assert result.exit_code == 2 and computed == []
    assert f"cannot use {target}: No space left on device" in result.output
    assert os.listdir(tmp_path) == []


# ------------------------------------------------------------------ notation no shell splits
@pytest.mark.parametrize("game, options, slash, semicolon", [
    ("fibonacci", {"factor": "3/2"}, "9,4/3", "9,4;3"),
    ("fibonacci", {}, "7,3,2/0", "7,3,2;0"),
    ("cash", {"set": "1,3,4"}, "14/9,9", "14;9,9"),
])
def test_slash_notation_reads_like_the_quoted_semicolon(game, options, slash, semicolon):
    from nimlab.games import load

    g, position = load(game, slash, **options)
    assert position == load(game, semicolon, **options)[1]
    assert g.format(position) == slash and g.parse(g.format(position)) == position


def test_slash_notation_survives_the_shell():
    done = subprocess.run(["bash", "-c", f"{sys.executable} -m nimlab.cli value fibonacci "
                           "9,4/3 --factor 3/2 --json"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert '"position": "9,4/3"' in done.stdout


def test_suffix_given_twice_is_refused():
    assert run("value", "fibonacci", "9,4/3", "--last", "2").exit_code == 2
    assert "one '/'" in run("value", "fibonacci", "9,4/3;2").output


# ------------------------------------------------------------------ one numbering convention
def test_graph_nim_vertices_are_numbered_from_1_like_the_piles():
    from nimlab.games import load

    game, position = load("graph-nim", "1,4,9", edges="1-2,2-3,3-1")
    assert game.edges == ((0, 1), (1, 2), (2, 0)) and game.params()["edges"] == "1-2,2-3,3-1"
    # a move along edge 3-1 is written as the moves are: from pile 3 to pile 1
    assert "3>1:" in " ".join(m.notation() for m in game.available_moves((0, 0, 9)))
    zero = run("value", "graph-nim", "1,4,9", "--edges", "0-1")
    assert zero.exit_code == 2 and "numbered from 1" in zero.output
    assert len(zero.output.strip().splitlines()) == 1
    data = json.loads(run("value", "graph-nim", "1,4,9", "--edges", "1-2,2-3,3-1",
                          "--json").output)
    assert data["params"]["edges"] == "1-2,2-3,3-1"


@pytest.mark.slow
def test_ctrl_c_during_a_dask_sweep_prints_one_line(tmp_path):
    """Ctrl-C reaches the whole process group: the workers must not print tracebacks."""
    import time

    out = tmp_path / "g.csv"
    sweep = subprocess.Popen([sys.executable, "-m", "nimlab.cli", "sweep", "graph-nim",
                              "--tokens3", "12", "--tokens4", "6", "--out", str(out)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             start_new_session=True)
    deadline = time.time() + 120
    while not out.exists():  # the cluster is up and a row is in
        assert sweep.poll() is None and time.time() < deadline
        time.sleep(0.1)
    os.killpg(sweep.pid, signal.SIGINT)
    _, err = sweep.communicate(timeout=120)
    assert sweep.returncode == 130
    progress = re.compile(r"nimlab: sweep graph-nim: .*, \d+ s")  # every 5 s off a terminal
    assert [line for line in err.splitlines() if line.strip() and not progress.fullmatch(line)] \
        == ["nimlab: interrupted"]
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".part")]


# ------------------------------------------------------------------ pictures
def test_tour_ends_with_the_path_of_the_picture_it_drew(tmp_path):
    from nimlab.store import cache_dir

    result = run("tour")
    assert result.exit_code == 0, result.output
    default = cache_dir() / "tour-sharing-heatmap.png"
    assert f"drawn: {default}" in result.output.strip().splitlines()[-2]
    assert default.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    chosen = tmp_path / "t.svg"
    assert run("tour", "--picture", str(chosen)).exit_code == 0 and chosen.stat().st_size > 0
    bad = run("tour", "--picture", str(tmp_path / "no" / "t.png"))
    assert bad.exit_code == 2 and "does not exist" in bad.output


# ------------------------------------------------------------------ thousand-digit positions
BIG = "9" * 4200  # under Python's 4,300-digit limit on reading, far past any estimate


@pytest.mark.parametrize("command", ["value", "moves", "hint"])
@pytest.mark.parametrize("game, position, options", [
    ("nim", f"{BIG},3", []), ("wythoff", f"{BIG},3", []), ("sharing", f"{BIG},3,4", []),
    ("end-nim", f"{BIG},3,4", []), ("fibonacci", f"{BIG},3/2", []),
    ("subtraction", BIG, ["--set", "1,3,4"]), ("cash", f"{BIG}/9,9", ["--set", "1,3,4"]),
    ("graph-nim", f"{BIG},3,4", ["--edges", "1-2"])])
def test_thousand_digit_positions_answer_or_refuse_in_one_short_line(command, game, position,
                                                                    options):
    result = run(command, game, position, *options)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    assert result.exit_code in (0, 2), result.output[-300:]
    if result.exit_code == 2:
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and len(lines[0]) < 700, lines[0][:300]


def test_estimates_work_on_bit_lengths():
    from nimlab.solve import about

    assert about(10 ** 5000) == "10^5000" and about(10 ** 5000 - 1) == "10^4999"
    assert about(999_999) == "999,999" and about(10 ** 12) == "10^12"


def test_refusals_suggest_a_table_only_for_games_that_have_one():
    from nimlab.games import GAMES
    from nimlab.tables import TABLES

    have = {name for name, spec in GAMES.items() if spec.cls.table}
    # graph-nim's table needs --edges: a refusal does not suggest it
    assert have == set(TABLES) - {"graph-nim"} and "graph-nim" not in have
    for spec in GAMES.values():
        assert spec.cls.table in (None, spec.name)
    refused = run("value", "graph-nim", "0,5,20,30,40", "--edges", "1-2,2-3,3-4,4-5",
                  "--max-states", "50")
    assert refused.exit_code == 2 and "nimlab table" not in refused.output
    refused = run("value", "fibonacci", "40,50,60,70/3", "--max-states", "50")
    assert refused.exit_code == 2 and "`nimlab table fibonacci`" in refused.output


# ------------------------------------------------------------------ play
def test_play_with_standard_input_closed_ends_cleanly():
    done = subprocess.run([sys.executable, "-m", "nimlab.cli", "play", "nim", "3,5"],
                          capture_output=True, text=True, timeout=120,
                          preexec_fn=lambda: os.close(0))
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "quit" in done.stdout.lower()


def test_the_perfect_computer_says_when_it_could_not_solve():
    result = CliRunner().invoke(main, ["play", "fibonacci", "60,70,80,90/3", "--first",
                                       "computer", "--max-states", "100", "--json"],
                                input="quit\n")
    events = [json.loads(line) for line in result.output.splitlines() if line.startswith("{")]
    kinds = [e["event"] for e in events]
    unsolved = events[kinds.index("unsolved")]
    move = events[kinds.index("move")]
    assert kinds.index("unsolved") < kinds.index("move") and move["solved"] is False
    assert "cannot solve" in unsolved["reason"] and move["notation"] in unsolved["reason"]
    solved = CliRunner().invoke(main, ["play", "nim", "3,5", "--first", "computer", "--json"],
                                input="quit\n")
    events = [json.loads(line) for line in solved.output.splitlines() if line.startswith("{")]
    assert "unsolved" not in [e["event"] for e in events]
    assert [e for e in events if e["event"] == "move"][0]["solved"] is True


# ------------------------------------------------------------------ unbounded runs
@pytest.mark.parametrize("args, fix", [
    (["table", "fibonacci", "--piles", "8", "--max", "12"], "use --max 9 or less"),
    (["table", "fibonacci", "--piles", "5", "--max", "30"], "use --max"),
    (["table", "nim", "--max", "100000", "--out", "never-written.csv"], "use --max"),
    (["periodicity", "subtraction", "--set", "1,3,4", "--max", "100000000"], "--max-period"),
    (["periodicity", "sharing-row", "--a", "2", "--max", "100000000"], "--max-period"),
])
def test_hopeless_runs_are_refused_at_once_with_an_estimate(args, fix):
    import time

    start = time.perf_counter()
    result = run(*args)
    assert time.perf_counter() - start < 10
    assert result.exit_code == 2 and fix in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_a_table_that_fits_is_still_built():
    from nimlab.tables import build_table

    table = build_table("fibonacci", bound=6, piles=5)
    assert table.rows and all(len(r) == 5 for r in table.rows)


def test_periodicity_of_integers_past_2_to_the_63():
    big = 2 ** 64 + 1
    terms = ",".join(str(v) for v in [big, 1, -big] * 4)
    data = json.loads(run("periodicity", "values", "--json", "--", terms).output)
    assert data["kind"] == "periodic" and data["period"] == 3 and data["preperiod"] == 0
    # arithmetic periodicity whose differences overflow 64 bits
    terms = ",".join(str(2 ** 62 * k) for k in range(-4, 5))
    data = json.loads(run("periodicity", "values", "--json", "--", terms).output)
    assert data["kind"] == "arithmetic" and data["saltus"] == 2 ** 62
    # a term past 2^63 breaks a period exactly where it should
    terms = ",".join(["1", "2"] * 4 + [str(2 ** 63 + 1)])
    data = json.loads(run("periodicity", "values", terms, "--json").output)
    assert data["kind"] == "periodic" and data["preperiod"] == 0 or data["kind"] == "none"
    assert data.get("terms") == 9
    bad = run("periodicity", "values", "1,2,x")
    assert bad.exit_code == 2 and "'x' is not an integer" in bad.output


def test_an_option_after_double_dash_is_explained():
    result = run("periodicity", "values", "--", "-1,2,-1,2,-1,2", "--json")
    assert result.exit_code == 2 and "put the options before `--`" in result.output


def test_progress_labels_are_not_read_as_markup():
    from nimlab.cli.common import err_console, progress_bar
    import nimlab.cli.common as common

    import io

    class Tty(io.StringIO):
        def isatty(self):
            return True

    saved = common.sys.stderr
    common.sys.stderr = Tty()
    try:
        with err_console.capture() as captured, progress_bar("[/red] x") as update:
            update(1, 2)
    finally:
        common.sys.stderr = saved
    assert "MarkupError" not in captured.get()


@pytest.mark.parametrize("args", [
    ["reproduce", "sharing.table1", "--out", ""],
    ["table", "nim", "--max", "3", "--out", ""],
    ["plot", "sharing-heatmap", "--out", ""],
    ["discover", "nim", "--piles", "2", "--value", "0", "--out", ""],
    ["prove", "nim", "--piles", "2", "--p-positions", "p1 = p2", "--automata", ""],
    ["sweep", "sharing4", "--out", ""],
    ["tour", "--picture", " "],
    ["record", "sharing", "--max", "10", "--dir", ""],
])
def test_an_empty_path_is_refused_and_nothing_is_written(args, tmp_path, monkeypatch):
    """A shell's '' for a file or directory: one line, exit 2, and nothing written in the
    current directory (an empty --dir or --out used to mean it, or no file at all)."""
    monkeypatch.chdir(tmp_path)
    done = run(*args)
    assert done.exit_code == 2, done.output
    assert "is empty" in done.output and done.output.strip().count("\n") == 0
    assert list(tmp_path.iterdir()) == []


def test_an_empty_path_is_refused_by_the_library_too(tmp_path, monkeypatch):
    import nimlab
    from nimlab.errors import InputError
    from nimlab.research.records import run_record

    monkeypatch.chdir(tmp_path)
    for call in (lambda: nimlab.reproduce("sharing.table1", out=""),
                 lambda: nimlab.table("nim", max=3).save(""),
                 lambda: run_record("sharing", 10, "")):
        with pytest.raises(InputError, match="name is empty"):
            call()
    assert list(tmp_path.iterdir()) == []


HUGE = "9" * 2000


@pytest.mark.parametrize("args", [
    ["table", "fibonacci", "--piles", "4", "--max", HUGE],
    ["table", "cash", "--set", "1,3,4", "--n", HUGE, "--max", "3"],
    ["table", "subtraction", "--set", "1,3,4", "--max", HUGE],
    ["table", "sharing", "--max", HUGE, "--out", "t.npy"],
    ["table", "wythoff", "--max", HUGE, "--out", "w.npy"],
    ["discover", "nim", "--piles", "2", "--value", "0", "--max-digits", HUGE],
    ["discover", "nim", "--piles", "2", "--value", "0", "--max-digits", "40"],
    ["record", "sharing", "--max", HUGE, "--dir", "r"],
    ["record", "wythoff", "--max", HUGE, "--dir", "r"],
    ["verify", "sharing.thm2", "--bound", HUGE],
])
def test_a_huge_bound_is_refused_in_one_line(args, tmp_path, monkeypatch):
    """A 2,000-digit bound (or one far past memory) is refused with what would fit, in one
    line: no float overflow, no 4,300-digit limit of Python's int printing, no traceback, and
    nothing is created."""
    monkeypatch.chdir(tmp_path)
    done = run(*args)
    assert done.exit_code == 2, done.output
    assert "Traceback" not in done.output and done.output.strip().count("\n") == 0
    assert len(done.output) < 400  # the bound is shortened in the message
    assert list(tmp_path.iterdir()) == []


def test_a_move_larger_than_any_table_is_harmless():
    """A subtraction set with a 2,000-digit move (legal: it never applies below it): the
    tables equal those of the set without it, where a machine integer used to overflow."""
    import nimlab

    for game, kwargs in (("subtraction", {"max": 40}), ("cash", {"n": 12, "max": 6})):
        with_it = nimlab.table(game, set=(1, 3, int(HUGE)), cache=False, **kwargs)
        without = nimlab.table(game, set=(1, 3), cache=False, **kwargs)
        assert [list(r) for r in with_it.rows] == [list(r) for r in without.rows]


def test_a_claim_bound_far_past_its_box_is_refused_before_any_work(monkeypatch):
    """verify --bound past 8 times a claim's default box: refused in one line naming the
    largest bound it takes, before any claim is checked (their checks grow like squares and
    cubes of the bound: the end of the run could not be promised)."""
    from nimlab.claims.registry import MAX_BOUND_FACTOR, Claim
    from nimlab.lab.papers import claim_rows

    ran = []
    real = Claim.run
    monkeypatch.setattr(Claim, "run", lambda self, bound=None: ran.append(self.id) or
                        real(self, bound))
    done = run("verify", "--paper", "all", "--bound", "9" * 40)
    assert done.exit_code == 2 and "or less" in done.output and ran == []
    most = MAX_BOUND_FACTOR * claim_rows("cash.thm4.5")[0]["default_bound"]
    done = run("verify", "cash.thm4.5", "--bound", str(most + 1))
    assert done.exit_code == 2 and f"--bound {most:,} or less" in done.output


def test_a_sweep_bound_past_its_stated_largest_is_refused():
    """Every sweep states the largest value of each bound (its jobs grow with it, cash sets
    exponentially): past it, one line; the commands of docs/FINDINGS.md are within."""
    from nimlab.research.families import SWEEPS

    findings = (Path(__file__).parent.parent / "docs" / "FINDINGS.md").read_text()
    for sweep in SWEEPS.values():
        for key, (default, _, most) in sweep.bounds.items():
            assert default <= most
            done = run("sweep", sweep.name, f"--{key.replace('_', '-')}", "9" * 50)
            assert done.exit_code == 2 and f"at most {most:,}" in done.output, done.output
            for used in re.findall(rf"sweep {sweep.name} .*--{key.replace('_', '-')} (\d+)",
                                   findings):
                assert int(used) <= most, (sweep.name, key, used)

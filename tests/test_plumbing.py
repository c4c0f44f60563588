"""The plumbing: one writer (nimlab.fileio), one progress protocol (nimlab.progress), one cache
(the store and its memo), test isolation, and the file and store behaviour of the command line."""

from __future__ import annotations

import ast
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import conftest
from test_store import Counter
from nimlab import fileio, progress, store, tables
from nimlab.cli import main
from nimlab.errors import InputError

SRC = Path(__file__).parents[1] / "src" / "nimlab"
#: Every module of the package.
OURS = sorted(SRC.rglob("*.py"))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


# ------------------------------------------------------------------------------ isolation
def test_the_session_has_its_own_store_and_subprocesses_see_it():
    assert store.cache_dir() == conftest.SESSION_CACHE
    from platformdirs import user_cache_dir
    assert store.cache_dir() != Path(user_cache_dir("nimlab"))
    seen = subprocess.run([sys.executable, "-c",
                           "from nimlab import store; print(store.cache_dir())"],
                          capture_output=True, text=True, check=True)
    assert Path(seen.stdout.strip()) == conftest.SESSION_CACHE


# ------------------------------------------------------------------------- one of each
def _calls(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            yield node


def _writes(path: Path) -> list[str]:
    """Calls in ``path`` that write a file some other way than through nimlab.fileio."""
    tree = ast.parse(path.read_text())
    # names imported from nimlab.fileio (``from nimlab.fileio import write_csv``) are the writer
    from_fileio = {a.asname or a.name for node in ast.walk(tree)
                   if isinstance(node, ast.ImportFrom) and node.module == "nimlab.fileio"
                   for a in node.names}
    found = []
    for call in _calls(tree):
        func = call.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        through_fileio = (getattr(func.value, "id", "") == "fileio"
                          if isinstance(func, ast.Attribute) else name in from_fileio)
        if name in ("mkstemp", "NamedTemporaryFile", "write_text", "write_bytes", "fchmod",
                    "chmod") and not through_fileio:
            found.append(f"{path.name}:{call.lineno} {name}")
        if name == "replace" and isinstance(func, ast.Attribute) and \
                getattr(func.value, "id", "") == "os":
            found.append(f"{path.name}:{call.lineno} os.replace")
        if name == "open":
            modes = [a.value for a in call.args[1:2] if isinstance(a, ast.Constant)] + \
                [k.value.value for k in call.keywords
                 if k.arg == "mode" and isinstance(k.value, ast.Constant)]
            if any(set(str(m)) & set("wax+") for m in modes):
                found.append(f"{path.name}:{call.lineno} open({modes[0]!r})")
    return found


def test_every_file_is_written_through_fileio(tmp_path):
    offenders = [w for path in OURS if path.name != "fileio.py" for w in _writes(path)]
    assert offenders == []
    # and the checker does see a private writer, and lets fileio's own functions through
    assert _writes(SRC / "fileio.py")
    sample = tmp_path / "sample.py"
    sample.write_text("from nimlab.fileio import write_bytes\nimport os\n"
                      "write_bytes(p, b'')\nq.write_bytes(b'')\nos.replace(a, b)\n"
                      "open(p, 'w')\nopen(p, 'rb')\n")
    assert [w.split()[1] for w in _writes(sample)] == ["write_bytes", "os.replace", "open('w')"]


def test_one_progress_protocol():
    """No module defines its own no-op callback or its own ``Progress`` alias, and
    every default progress argument is nimlab.progress.quiet."""
    own = []
    for path in OURS:
        if path.name == "progress.py":
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name in (
                    "_quiet", "quiet", "no_progress", "_no_progress"):
                own.append(f"{path.name}: def {node.name}")
            if isinstance(node, ast.Assign) and any(
                    getattr(t, "id", "") == "Progress" for t in node.targets):
                own.append(f"{path.name}: Progress =")
    assert own == []

    import inspect

    from nimlab.kernels import cash, endnim, fibonacci, sharing
    from nimlab.research import plots, sequences, sweeps
    functions = [sharing.sharing_values, sharing.extend_sharing_values, cash.cash_winners,
                 endnim.endnim_values, fibonacci.last_p_table, store.cached,
                 store.sharing_values, store.endnim_values, tables.sharing_table,
                 tables.build_table, sweeps.run_sweep, plots.sequence_figure,
                 sequences.cash_function, sequences.analyse_sequence]
    for function in functions:
        assert inspect.signature(function).parameters["progress"].default is progress.quiet, \
            function


def test_the_three_sharing_tables_have_distinct_names():
    from nimlab.kernels import sharing

    assert not hasattr(store, "sharing_table") and not hasattr(sharing, "sharing_table")
    V = store.sharing_values(12)
    assert isinstance(V, np.ndarray) and np.array_equal(V, sharing.sharing_values(12))
    table = tables.sharing_table(12)
    assert isinstance(table, tables.Table) and np.array_equal(table.to_array(), V)
    assert np.array_equal(tables.sharing_values(12), V)


def _imports(path: Path) -> set[str]:
    """Modules of nimlab that ``path`` imports anywhere (inside functions too)."""
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            found.add(base)
            found |= {f"{base}.{a.name}" for a in node.names}
    return {m for m in found if m.startswith("nimlab")}


def test_run_sweep_takes_the_sweep_and_names_are_looked_up_once():
    from nimlab.research import families, sweeps

    assert "families" not in (SRC / "research" / "sweeps.py").read_text().split('"""')[-1]
    with pytest.raises(InputError, match="unknown sweep 'nope'"):
        families.get_sweep("nope")
    import inspect
    assert list(inspect.signature(sweeps.run_sweep).parameters)[0] == "sweep"


# ------------------------------------------------------------------------------ the memo
@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """An empty store of its own (the memo on, nothing written to disk unless asked)."""
    monkeypatch.setenv(store.ENV, str(tmp_path / "cache"))
    store.forget()
    yield tmp_path / "cache"
    store.forget()


def test_the_memo_answers_a_process_twice_without_the_disk(fresh):
    compute = Counter()
    first = store.cached("demo", {}, 20, compute)
    assert not fresh.exists()  # too small to write: only the memo holds it
    again = store.cached("demo", {}, 20, compute)
    smaller = store.cached("demo", {}, 5, compute)
    assert compute.calls == [20]
    assert again is first and np.array_equal(smaller, first[:6, :6])
    # handed-out arrays are read-only: a caller cannot change what the next caller gets
    with pytest.raises(ValueError):
        first[0, 0] = 7
    with pytest.raises(ValueError):
        smaller[0, 0] = 7
    # a larger request computes; use_cache=False neither reads nor fills the memo
    store.cached("demo", {}, 30, compute)
    store.cached("demo", {}, 3, compute, use_cache=False)
    assert compute.calls == [20, 30, 3]
    store.forget()
    store.cached("demo", {}, 30, compute)
    assert compute.calls == [20, 30, 3, 30]


def test_the_memo_extends_a_sharing_table_it_holds(fresh, monkeypatch):
    from nimlab.kernels import sharing

    small = store.sharing_values(40)
    monkeypatch.setattr(sharing, "sharing_values", lambda *a: pytest.fail("from scratch"))
    grown = store.sharing_values(90)
    assert np.array_equal(grown[:41, :41], small)
    assert np.array_equal(grown, sharing.sharing_reference_compiled(90))


def test_the_memo_keeps_to_its_budget_and_to_its_store(fresh, monkeypatch, tmp_path):
    compute = Counter()
    one = store.cached("demo", {"k": 1}, 10, compute)
    monkeypatch.setattr(store, "MEMO_BYTES", one.nbytes + 10)
    store.cached("demo", {"k": 2}, 10, compute)  # evicts k=1
    store.cached("demo", {"k": 1}, 10, compute)
    assert compute.calls == [10, 10, 10]
    monkeypatch.setattr(store, "MEMO_BYTES", 1 << 30)
    store.cached("demo", {"k": 3}, 10, compute)
    monkeypatch.setenv(store.ENV, str(tmp_path / "elsewhere"))  # another store: not shared
    store.cached("demo", {"k": 3}, 10, compute)
    assert compute.calls == [10, 10, 10, 10, 10]


# --------------------------------------------------------------------------- the store
def _store_one(directory: Path) -> store.Entry:
    store.MIN_WORK, saved = 0, store.MIN_WORK
    try:
        store.sharing_values(30)
    finally:
        store.MIN_WORK = saved
    [entry] = store.entries()
    return entry


def test_a_damaged_table_is_dropped_with_a_warning_and_nothing_printed(fresh, capfd):
    from nimlab.errors import NimlabWarning

    entry = _store_one(fresh)
    good = np.array(store.sharing_values(30))
    store.forget()
    data = entry.path.read_bytes()
    entry.path.write_bytes(data[: len(data) // 2])
    capfd.readouterr()
    with pytest.warns(NimlabWarning) as said:
        assert np.array_equal(store.sharing_values(30), good)
    assert capfd.readouterr() == ("", "")  # the library prints nothing
    [warning] = said
    assert str(warning.message).startswith("dropped the damaged stored table")
    assert entry.path.name in str(warning.message) and "recomputing" in str(warning.message)


def test_the_cli_warns_once_about_a_damaged_table(fresh, monkeypatch):
    entry = _store_one(fresh)
    data = bytearray(entry.path.read_bytes())
    data[-3] ^= 0xFF
    entry.path.write_bytes(bytes(data))
    store.forget()
    done = CliRunner().invoke(main, ["table", "sharing", "--max", "8", "--json"])
    assert done.exit_code == 0, done.output
    assert len(done.stderr.strip().splitlines()) == 1 and "checksum" in done.stderr
    assert done.stderr.startswith("nimlab: warning: ")
    V = store.sharing_values(8, use_cache=False)
    assert json.loads(done.stdout)["rows"][0] == [int(v) for v in V[0]]


def test_unreadable_metadata_is_listed_and_cleared(fresh):
    entry = _store_one(fresh)
    entry.sidecar.write_text("{not json")
    size = entry.path.stat().st_size
    runner = CliRunner()
    listed = json.loads(runner.invoke(main, ["cache", "list", "--json"]).output)
    [shown] = listed["tables"]
    assert (shown["game"], shown["bytes"], shown["problem"]) == ("sharing", size,
                                                                "metadata unreadable")
    assert listed["bytes"] == size
    text = runner.invoke(main, ["cache", "list"]).output
    assert "metadata unreadable" in text and "sharing" in text
    assert store.entries() == []  # never read as a table
    other = runner.invoke(main, ["cache", "clear", "--game", "end-nim", "--json"])
    assert json.loads(other.output)["removed"] == 0 and entry.path.exists()
    cleared = runner.invoke(main, ["cache", "clear", "--game", "sharing", "--json"])
    assert conftest.without_made_by(json.loads(cleared.output)) == {
        "directory": str(fresh), "removed": 1, "bytes": size}
    assert not entry.path.exists() and not entry.sidecar.exists()


def test_a_missing_sidecar_is_listed_too(fresh):
    entry = _store_one(fresh)
    entry.sidecar.unlink()
    [shown] = store.listing()
    assert shown.problem == "metadata missing" and shown.game == "sharing"
    assert store.clear("sharing") == [shown] and not entry.path.exists()


# Far too large for any machine: refused before the kernel is called or anything allocated.
HUGE = [
    (lambda: store.sharing_values(10**7), "Sharing Nim table for B = 10000000"),
    (lambda: store.endnim_values(2, 10**6), "2-pile End-Nim table"),
    (lambda: store.endnim_values(3, 10**5), "3-pile End-Nim table"),
    (lambda: store.cash_winners((1, 3, 4), 10**5, 10**5), "cash table"),
    (lambda: store.subtraction_values((1, 3, 4), 10**13), "nim-sequence"),
    (lambda: store.fibonacci_first_move(3, 60000), "3-pile Fibonacci Nim table"),
]


@pytest.mark.parametrize("ask,what", HUGE, ids=[w for _, w in HUGE])
def test_every_store_entry_point_refuses_before_allocating(fresh, monkeypatch, ask, what):
    from nimlab import kernels
    from nimlab.kernels import cash, endnim, fibonacci, sharing

    def never(*args, **kwargs):
        raise AssertionError("the kernel ran")

    for module, name in [(sharing, "sharing_values"), (endnim, "endnim_values"),
                         (cash, "cash_winners"), (cash, "subtraction_values"),
                         (fibonacci, "first_move_p_positions")]:
        monkeypatch.setattr(module, name, never)
    with pytest.raises(InputError, match="GB of memory") as refused:
        ask()
    assert what in str(refused.value) and "\n" not in str(refused.value)
    assert kernels.check_memory(1, "one byte") is None  # the check passes small tables


def test_a_stored_table_too_large_to_read_is_refused_and_kept(fresh, monkeypatch):
    entry = _store_one(fresh)
    store.forget()
    from nimlab import kernels

    def small_machine(nbytes, what):
        if nbytes > 100:
            raise InputError(f"{what} needs about 1 GB of memory and this machine has 0 GB")

    monkeypatch.setattr(store, "check_memory", small_machine)
    with pytest.raises(InputError, match="reading the stored table"):
        store.load(entry)
    assert entry.path.exists() and store.entries() == [entry]
    assert kernels.check_memory is not small_machine


# ------------------------------------------------------------------------------ files
def _one_line_error(result) -> str:
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert lines[0].startswith("nimlab: error: ")
    return lines[0]


@pytest.mark.parametrize("args", [
    ["table", "sharing", "--max", "5", "--out", "{missing}/x.npy"],
    ["table", "sharing", "--max", "5", "--out", "{missing}/deeper/x.csv"],
    ["plot", "sharing-heatmap", "--max", "10", "--out", "{missing}/x.png"],
    ["sweep", "sharing4", "--total", "3", "--complement", "1", "--out", "{missing}/x.csv"],
])
def test_out_in_a_missing_directory_fails_in_one_line_and_creates_nothing(tmp_path, args):
    missing = tmp_path / "missing"
    args = [a.format(missing=missing) for a in args]
    line = _one_line_error(CliRunner().invoke(main, args))
    assert "does not exist" in line and str(missing) in line
    assert not missing.exists()


def test_out_nonexistent_at_the_root():
    assert not Path("/nonexistent").exists()
    line = _one_line_error(CliRunner().invoke(main, ["table", "sharing", "--max", "4",
                                                     "--out", "/nonexistent/x.npy"]))
    assert "/nonexistent" in line and not Path("/nonexistent").exists()


def test_reproduce_creates_nothing_before_failing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    line = _one_line_error(CliRunner().invoke(main, ["reproduce", "foo", "--out", "r1"]))
    assert "foo" in line and not (tmp_path / "r1").exists()
    line = _one_line_error(CliRunner().invoke(
        main, ["reproduce", "sharing.table1", "--no-claims", "--out", "r2/deeper"]))
    assert not (tmp_path / "r2").exists()
    (tmp_path / "file").write_text("x")
    _one_line_error(CliRunner().invoke(main, ["reproduce", "sharing.table1", "--no-claims",
                                              "--out", "file"]))


@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_written_files_get_the_users_umask(tmp_path, umask):
    old = os.umask(umask)
    try:
        table = tables.endnim_table(2, 4)
        written = [table.write(tmp_path / "t.csv"), table.write(tmp_path / "t.npy"),
                   fileio.write_text(tmp_path / "a.txt", "a"),
                   fileio.write_json(tmp_path / "a.json", {}),
                   fileio.write_csv(tmp_path / "a.csv", ["x"], [[1]])]
        from nimlab.research import plots
        written.append(plots.save(plots.cash_grid_figure("1,3", 4, 3), tmp_path / "p.png"))
        done = CliRunner().invoke(main, ["reproduce", "sharing.table1", "--no-claims",
                                         "--out", str(tmp_path / "r")])
        assert done.exit_code == 0, done.output
        written += [tmp_path / "r" / name for name in ("report.md", "report.json",
                                                       "errata.md")]
    finally:
        os.umask(old)
    for path in written:
        assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask, path
    assert not [p for p in tmp_path.rglob(".*.part")]


# ------------------------------------------------------------------------- the commands
@pytest.mark.parametrize("args", [[]])  # `nimlab cache` alone shows the store (test_store.py)
def test_a_group_alone_prints_its_help_as_help_does(args):
    result = CliRunner().invoke(main, args)
    helped = CliRunner().invoke(main, args + ["--help"])
    assert result.exit_code == 0 and result.output == helped.output
    assert len(result.output.splitlines()) > 5 and "Commands:" in result.output


@pytest.mark.parametrize("kind", ["sharing-heatmap", "sequence", "g-distribution",
                                  "endnim-slice", "cash-grid"])
def test_plot_too_large_refuses_without_advising_options_plot_lacks(tmp_path, kind):
    extra = ["--count", "100000000"] if kind == "sequence" else []
    line = _one_line_error(CliRunner().invoke(
        main, ["plot", kind, "--max", "100000", *extra, "--out", str(tmp_path / "x.png")]))
    assert "--max-states" not in line and "GB of memory" in line
    assert not (tmp_path / "x.png").exists()


# ------------------------------------------------------------------ signals at a file's making
@pytest.mark.parametrize("make", ["atomic_file", "staged_directory"])
def test_a_signal_as_the_temporary_is_made_leaves_nothing(tmp_path, make):
    """Ctrl-C landing right after the temporary file (or directory) is made, before nimlab
    holds its name, once left a ``.NAME.*.part`` behind (a sweep's CSV, rewritten after every
    row, met it under load).  Run in a process of its own, where the signal reaches the main
    thread as it does on the command line."""
    maker = "mkstemp" if make == "atomic_file" else "mkdtemp"
    script = f"""if True:
        import os, signal, sys, tempfile
        from nimlab import fileio
        real = tempfile.{maker}

        def made_then_interrupted(*args, **kwargs):
            made = real(*args, **kwargs)
            os.kill(os.getpid(), signal.SIGINT)  # delivered at once unless held
            return made

        tempfile.{maker} = made_then_interrupted
        try:
            with fileio.{make}(sys.argv[1]) as handle:
                if "{make}" == "atomic_file":
                    handle.write(b"never kept")
        except KeyboardInterrupt:
            sys.exit(130)
    """
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "out.csv")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 130, done.stderr
    assert sorted(os.listdir(tmp_path)) == []


def test_dask_log_lines_are_held_back_while_nimlab_runs_a_cluster():
    """A scheduler that closes under a client that left first logs its closed connections at
    CRITICAL level: none of it reaches the user, whose run says in one line what happened; after
    the close, Dask's logging is the user's again."""
    script = """if True:
        import logging
        from nimlab import cluster
        client = cluster.make_client(None, 1, False)
        try:
            logging.getLogger("distributed.scheduler").critical("Closed comm while running")
        finally:
            cluster.close_client(client)
        logging.getLogger("distributed.scheduler").critical("after the close")
    """
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Closed comm" not in done.stderr
    assert "after the close" in done.stderr


@pytest.mark.parametrize("failure", ["mmap", "allocation"])
def test_a_good_table_that_memory_cannot_hold_now_is_kept(fresh, monkeypatch, failure):
    """Under ``ulimit -v`` (or on a full machine) mapping or copying a stored table fails: the
    table is good, so it is kept and the refusal says why, in one line (it was deleted as
    "damaged")."""
    import errno

    entry = _store_one(fresh)
    store.forget()
    real_load = np.load

    def no_memory(*args, **kwargs):
        if failure == "mmap":
            raise OSError(errno.ENOMEM, "Cannot allocate memory")
        raise MemoryError()

    monkeypatch.setattr(np, "load", no_memory)
    with pytest.raises(InputError, match="not enough memory to read the stored table") as said:
        store.sharing_values(30)
    assert "\n" not in str(said.value) and entry.path.name in str(said.value)
    assert entry.path.exists() and entry.sidecar.exists()
    monkeypatch.setattr(np, "load", real_load)
    store.forget()
    assert store.sharing_values(30).shape[0] >= 31  # read from the kept file

"""Every command of the README, run through bash exactly as printed, in order, in one fresh
directory and a fresh result store: a new user's walk through the README.

Nothing is skipped silently.  The few examples that install, start a server or run for minutes
are listed in :data:`LISTED` with the reason and the command run in their place (the same
command with smaller bounds, or the server started on a free port and asked what the README's
`curl` asks); a README command missing from both the printed run and the list fails the test,
and so does an entry of the list that the README no longer shows.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

README = Path(__file__).parents[1] / "README.md"


def readme_commands() -> list[str]:
    """Each command line of the README's bash blocks, as printed (comment lines left out)."""
    found = []
    for block in re.findall(r"```bash\n(.*?)```", README.read_text(), re.S):
        found += [line for line in block.splitlines()
                  if line.strip() and not line.lstrip().startswith("#")]
    return found


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


PORT = free_port()
SERVE = (f"(nimlab serve --port {PORT} --claims-paper end-nim --claims-bound 10 & pid=$!; "
         f"for i in $(seq 240); do curl -sf http://127.0.0.1:{PORT}/ >/dev/null && break; "
         f"sleep 0.5; done; curl -sf http://127.0.0.1:{PORT}/ | grep -q nimlab; status=$?; "
         f"kill $pid; wait $pid; exit $status)")

#: README command (its start, up to the comment) -> (why it is not run as printed, what runs).
LISTED: dict[str, tuple[str, str]] = {
    "pip install . && nimlab tour": (
        "nimlab is installed in the test environment already", "nimlab tour"),
    'pip install ".[test]" && python -m pytest': (
        "this is the test suite itself", "python -m pytest --version"),
    "nimlab verify --paper all  ": (
        "minutes under load: one paper", "nimlab verify --paper end-nim"),
    "nimlab verify --paper all --strict": (
        "minutes under load: one paper (exit 1: claims fail, as documented)",
        "nimlab verify --paper fibonacci --strict; test $? = 1"),
    "nimlab reproduce all --out repro": (
        "minutes: one paper's artifacts without the claims",
        "nimlab reproduce end-nim --out repro --no-claims"),
    "nimlab table sharing --max 10000 --out v.npy": (
        "50 million positions: a smaller table", "nimlab table sharing --max 3000 --out v.npy"),
    "nimlab table fibonacci --piles 3 --max 300 --out p.csv": (
        "a smaller table", "nimlab table fibonacci --piles 3 --max 100 --out p.csv"),
    "nimlab table end-nim --piles 3 --max 200 --variant misere --out e.npy": (
        "a smaller table", "nimlab table end-nim --piles 3 --max 60 --variant misere --out e.npy"),
    "nimlab verify sharing.thm2 --prove": (
        "the proof takes long under load: a claim with a short proof",
        "nimlab verify sharing.rem4.corrected --bound 50 --prove"),
    "nimlab prove sharing.thm2 fib.thm3.1": (
        "long under load: one registered claim", "nimlab prove sharing.rem4.corrected"),
    "nimlab prove sharing --p-positions": (
        "long under load: the same command on two piles",
        "nimlab prove sharing --piles 2 --p-positions 'p1 = p2 | p1 = p2 + 1 | p2 = p1 + 1'"),
    "nimlab periodicity sharing-f --max 2000": (
        "a smaller table", "nimlab periodicity sharing-f --max 600"),
    "nimlab sweep cash-conjecture --max-element 10 --n 200 --out cash.csv": (
        "minutes: smaller bounds",
        "nimlab sweep cash-conjecture --max-element 4 --n 60 --threads --out cash.csv"),
    "nimlab sweep sharing-conjectures --max 8000 --rows 100 --threads --out sharing.csv": (
        "minutes: smaller bounds",
        "nimlab sweep sharing-conjectures --max 300 --rows 4 --threads --out sharing.csv"),
    "nimlab sweep graph-nim --tokens3 12 --tokens4 6 --out graphs.csv": (
        "minutes: smaller bounds",
        "nimlab sweep graph-nim --tokens3 3 --tokens4 1 --threads --out graphs.csv"),
    "nimlab sweep sharing4 --total 48 --complement 16 --out sharing4.csv": (
        "minutes: smaller bounds",
        "nimlab sweep sharing4 --total 12 --complement 4 --threads --out sharing4.csv"),
    "nimlab plot g-distribution --max 2000 --g-max 60 --out g.png": (
        "a smaller table", "nimlab plot g-distribution --max 400 --g-max 30 --out g.png"),
    "nimlab serve  ": ("a server: started on a free port, asked for its first page", SERVE),
    "nimlab serve --port 9000 --workers 4 --time-limit 30": (
        "a server: started on a free port, asked for its first page", SERVE),
    "nimlab serve --host 0.0.0.0 --allow-host lab.example.org": (
        "a server on every address: started on loopback instead (no test listens beyond this "
        "machine; tests/test_web_api.py checks the warning on 0.0.0.0)", SERVE),
    "curl 'http://127.0.0.1:8000/api/hint": (
        "needs the server: started on a free port and asked the same question",
        SERVE.replace("curl -sf http://127.0.0.1:{0}/ | grep -q nimlab".format(PORT),
                      f"curl -sf 'http://127.0.0.1:{PORT}/api/hint?game=cash&position=14&"
                      "set=1,3,4&budgets=9,9' | grep -q winner")),
}


def planned() -> list[tuple[str, str, str | None]]:
    """(README command, what runs, why it differs) in README order."""
    plan = []
    for line in readme_commands():
        listed = [key for key in LISTED if line.startswith(key)]
        assert len(listed) <= 1, listed
        if listed:
            why, runs = LISTED[listed[0]]
            plan.append((line, runs, why))
        else:
            plan.append((line, line, None))
    return plan


def test_every_listed_command_is_still_in_the_readme():
    lines = readme_commands()
    for key in LISTED:
        assert any(line.startswith(key) for line in lines), f"{key!r} is not in the README"
    assert len(lines) > 50


@pytest.mark.slow
def test_readme_walk_through_bash_in_order(tmp_path):
    """The fresh user: every command in README order, one directory, one fresh store."""
    home = tmp_path / "home"
    home.mkdir()
    env = dict(os.environ, NIMLAB_CACHE=str(tmp_path / "store"), HOME=str(home),
               PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    failures = []
    for line, runs, why in planned():
        start = time.perf_counter()
        done = subprocess.run(["bash", "-c", runs], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=600, stdin=subprocess.DEVNULL)
        print(f"{time.perf_counter() - start:6.1f} s  {runs[:100]}", flush=True)
        trouble = [s for s in ("Traceback", "Exception ignored") if s in done.stderr]
        trouble += ['an illegal move'] if '"event": "illegal"' in done.stdout else []
        if done.returncode != 0 or trouble:
            failures.append(f"{line}\n  ran: {runs}\n  exit {done.returncode}: "
                            f"{done.stderr.strip()[-400:]}")
    assert failures == [], "\n".join(failures)


def readme_python() -> list[str]:
    """The README's Python blocks."""
    return re.findall(r"```python\n(.*?)```", README.read_text(), re.S)


def test_the_readme_python_blocks_run(tmp_path, monkeypatch):
    """Every Python block of the README, run as printed in a fresh directory and store."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NIMLAB_CACHE", str(tmp_path / "store"))
    from nimlab.games.registry import forget, user_games

    blocks = readme_python()
    assert blocks
    known = set(user_games())
    try:
        for block in blocks:
            exec(compile(block, "README.md", "exec"), {})
    finally:  # the README's own games are not left for the other tests of this process
        for name in set(user_games()) - known:
            forget(name)
    assert (tmp_path / "w.npy").exists()


def test_the_readme_python_option_values_are_accepted():
    """The option values the README's Python section shows are taken by the calls."""
    import nimlab

    text = README.read_text()
    edges = re.search(r"`edges=(\[.*?\])`", text).group(1)
    assert nimlab.answer("graph-nim", (1, 1, 1), edges=eval(edges)).outcome in ("P", "N")
    budgets = re.search(r"`budgets=(\(.*?\))`", text).group(1)
    assert nimlab.answer("cash", (14,), set=(1, 3, 4), budgets=eval(budgets)).winner


def test_the_readme_play_example_plays_legal_moves():
    line = next(line for line in readme_commands() if "| nimlab play" in line)
    done = subprocess.run(["bash", "-c", line], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PATH=f"{Path(sys.executable).parent}"
                                                    f"{os.pathsep}{os.environ['PATH']}"))
    assert done.returncode == 0, done.stderr
    assert '"event": "illegal"' not in done.stdout and '"event": "hint"' in done.stdout


def test_the_readme_says_how_long_prove_all_takes():
    """`nimlab prove --paper all` took seconds, not the minutes once printed."""
    line = next(line for line in readme_commands() if line.startswith("nimlab prove --paper all"))
    assert "minute" not in line

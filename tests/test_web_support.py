"""Helpers of the web lab's tests (no tests here): a real ``nimlab serve`` on 127.0.0.1 and the
system Chromium, or a clear skip (a failure when CI is set) when the browser is missing."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Iterator

import pytest

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
START_SECONDS = 180


def chromium_path() -> str:
    """The system Chromium for Playwright; skips (fails under CI=true) when it is missing."""
    found = os.environ.get("NIMLAB_CHROMIUM") or shutil.which("chromium") or \
        shutil.which("chromium-browser")
    problem = None
    if not found:
        problem = "no Chromium on this machine (apt-get install chromium chromium-driver)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            problem = "Playwright is not installed (pip install '.[test]')"
    if problem:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"browser tests cannot run in CI: {problem}")
        pytest.skip(f"browser tests skipped: {problem}")
    return found


@contextlib.contextmanager
def running_server(cache: Path, *extra: str, said: list | None = None) -> Iterator[str]:
    """``nimlab serve --port 0`` on 127.0.0.1 with its own cache; yields its URL (and appends
    its first line, read as JSON, to ``said`` when given)."""
    command = [str(Path(sys.executable).parent / "nimlab"), "serve", "--host", "127.0.0.1",
               "--port", "0", "--json", *extra]
    env = {**os.environ, "NIMLAB_CACHE": str(cache)}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=env)
    first: list[str] = []
    reader = threading.Thread(target=lambda: first.append(process.stdout.readline()),
                              daemon=True)
    reader.start()
    reader.join(START_SECONDS)
    try:
        if not first or not first[0].strip():
            process.kill()
            raise AssertionError(f"nimlab serve did not start: {process.stderr.read()[-2000:]}")
        ready = json.loads(first[0])
        if said is not None:
            said.append(ready)
        yield ready["url"].rstrip("/")
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)

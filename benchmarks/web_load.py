"""The web lab under load: cheap answers stay fast while slow work fills the server.

Usage:

    python benchmarks/web_load.py [--slow 8] [--cheap 300] [--at-once 4] [--time-limit 20]
                                  [--workers 2]

Starts ``nimlab serve`` on 127.0.0.1 (a free port, a temporary cache; loopback only), then
sends ``--slow`` requests that each need the whole time limit (Fibonacci Nim positions of five
piles, which the solver works on until its deadline) all at once, and while they are in flight
at most ``--cheap`` cheap requests (values and hints answered by closed forms, small positions),
spread over the time limit, at most ``--at-once`` at a time.  It prints:

* cheap requests: count, p50, p95 and the slowest, in seconds (target: p95 < 0.3 s);
* slow requests: how each ended (answered, refused 422 by the budget, refused 503 because it
  could not start in time) and the longest time to its answer (target: <= limit + 2 s);
* one cheap request after the slow ones ended (target: at once, < 0.3 s).

Bounded: at most ``--cheap`` + ``--slow`` + 2 requests and about ``limit + 10`` seconds.  The
exit status is 0 when every target is met, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

CHEAP_P95 = 0.3
SLACK = 2.0


def get(base: str, path: str, params: dict, timeout: float = 120) -> tuple[int, dict, float]:
    url = f"{base}/api/{path}?{urllib.parse.urlencode(params)}"
    started = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            body = json.loads(answer.read())
            code = answer.status
    except urllib.error.HTTPError as refused:
        code, body = refused.code, json.loads(refused.read() or b"{}")
    return code, body, time.monotonic() - started


def serve(cache: Path, workers: int, time_limit: float) -> tuple[subprocess.Popen, str]:
    command = [str(Path(sys.executable).parent / "nimlab"), "serve", "--host", "127.0.0.1",
               "--port", "0", "--json", "--workers", str(workers), "--time-limit",
               str(time_limit), "--claims", "sharing.rem5"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True,
                               env={**os.environ, "NIMLAB_CACHE": str(cache)})
    line = process.stdout.readline()
    if not line.strip():
        process.kill()
        raise SystemExit("nimlab serve did not start")
    return process, json.loads(line)["url"].rstrip("/")


def slow_requests(count: int) -> list[dict]:
    """Five-pile Fibonacci Nim positions the solver needs its whole time limit for (each a
    different position, so no answer comes from another's cache)."""
    found = []
    for i in range(count):
        piles = [12, 12, 12, 12, 12]
        piles[i % 5] -= 1 + i // 5
        found.append({"game": "fibonacci", "position": ",".join(map(str, piles)) + ";0"})
    return found


def cheap_request(rng: random.Random) -> tuple[str, dict]:
    kind = rng.randrange(4)
    if kind == 0:
        return "value", {"game": "nim", "position": ",".join(str(rng.randrange(9))
                                                               for _ in range(3))}
    if kind == 1:
        huge = ",".join(str(rng.randrange(10 ** 30)) for _ in range(3))
        return "hint", {"game": "sharing", "position": huge}
    if kind == 2:
        return "value", {"game": "sharing", "position": ",".join(str(rng.randrange(7))
                                                                   for _ in range(3))}
    return "moves", {"game": "nim", "position": ",".join(str(rng.randrange(6))
                                                           for _ in range(3))}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow", type=int, default=8)
    parser.add_argument("--cheap", type=int, default=300)
    parser.add_argument("--at-once", type=int, default=4)
    parser.add_argument("--time-limit", type=float, default=20.0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    rng = random.Random(20261125)
    with tempfile.TemporaryDirectory() as cache:
        process, base = serve(Path(cache), args.workers, args.time_limit)
        try:
            for _ in range(3):                       # the workers are up and imported
                get(base, "value", {"game": "nim", "position": "1,2,3"})
            slow_results: list[tuple[int, dict, float]] = []
            lock = threading.Lock()

            def one_slow(params: dict) -> None:
                found = get(base, "value", params, timeout=args.time_limit * 3)
                with lock:
                    slow_results.append(found)

            threads = [threading.Thread(target=one_slow, args=(p,))
                       for p in slow_requests(args.slow)]
            started = time.monotonic()
            for thread in threads:
                thread.start()
            time.sleep(0.5)                          # the slow ones are in flight
            cheap: list[tuple[int, float]] = []
            pace = args.time_limit / max(args.cheap, 1)   # spread over the slow requests' time

            def one_cheap(i: int) -> None:
                wait = started + 0.5 + i * pace - time.monotonic()
                if wait > 0:
                    time.sleep(wait)
                if len(slow_results) >= args.slow:
                    return
                path, params = cheap_request(rng)
                code, _, seconds = get(base, path, params)
                cheap.append((code, seconds))

            with ThreadPoolExecutor(args.at_once) as pool:
                list(pool.map(one_cheap, range(args.cheap)))
            for thread in threads:
                thread.join(args.time_limit * 3)
            slow_seconds = time.monotonic() - started
            after_code, _, after = get(base, "value", {"game": "nim", "position": "3,5,7"})
            status = get(base, "status", {})[1]
        finally:
            process.terminate()
            process.wait(30)
    times = [s for c, s in cheap if c == 200]
    failed = [c for c, _ in cheap if c != 200]
    ends: dict[str, int] = {}
    for code, body, _ in slow_results:
        kind = {200: "answered", 422: "refused 422 (budget)",
                503: "refused 503 (could not start in time)"}.get(code, f"HTTP {code}")
        ends[kind] = ends.get(kind, 0) + 1
    longest = max(s for _, _, s in slow_results)
    p95 = percentile(times, 0.95) if times else float("inf")
    print(f"slow: {args.slow} requests in flight, time limit {args.time_limit:g} s, "
          f"{args.workers} slow workers; ended: {ends}; longest {longest:.2f} s "
          f"(target <= {args.time_limit + SLACK:g} s); all ended after {slow_seconds:.1f} s")
    if times:
        print(f"cheap: {len(times)} answered meanwhile ({args.at_once} at a time), "
              f"{len(failed)} failed; "
              f"p50 {statistics.median(times):.3f} s, p95 {p95:.3f} s (target < {CHEAP_P95} s), "
              f"max {max(times):.3f} s")
    print(f"after: a cheap request answered in {after:.3f} s (HTTP {after_code})")
    print(f"server: {json.dumps(status)}")
    met = (p95 < CHEAP_P95 and not failed and longest <= args.time_limit + SLACK
           and after_code == 200 and after < CHEAP_P95)
    print("targets met" if met else "TARGETS MISSED")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())

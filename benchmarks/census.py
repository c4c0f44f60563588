"""The census of NIM(A) with cash: every A within {1, ..., 6} (63 sets), discovered with the
default settings of ``nimlab discover cash --set A --p-positions`` (docs/DISCOVERIES.md).

Usage: ``python benchmarks/census.py [--out DIR] [--max-digits L] [--time-limit S] [SET ...]``
(a SET as ``1,3,4``; the options are passed to ``nimlab discover``)

Writes one JSON line per set to ``DIR/census.jsonl`` as each ends (a rerun skips the sets already
there), each proven automaton to ``DIR/cashNNN_p.txt`` (Walnut's format), and prints the
Markdown table of docs/DISCOVERIES.md at the end: set, answer, states, lower bound, digits,
seconds, peak memory of the process so far.
"""

from __future__ import annotations

import itertools
import json
import resource
import sys
import time
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "docs" / "discoveries" / "census"


def sets() -> list[tuple[int, ...]]:
    return [c for k in range(1, 7) for c in itertools.combinations(range(1, 7), k)]


def run(A: tuple[int, ...], out: Path, options: dict) -> dict:
    from nimlab.discover import discover
    from nimlab.fileio import write_text

    name = "cash" + "".join(map(str, A)) + "_p"
    t0 = time.perf_counter()
    found = discover("cash", p_positions=True, set=",".join(map(str, A)), name=name, **options)
    seconds = time.perf_counter() - t0
    row = {"set": list(A), "status": found.status, "states": found.states,
           "lower_bound": found.lower_bound, "digits": found.digits,
           "seconds": round(seconds, 1), "reason": found.reason or None,
           "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
           "command": f"nimlab discover cash --set {','.join(map(str, A))} --p-positions"
                      + "".join(f" --{k.replace('_', '-')} {v}" for k, v in options.items())}
    if found.status == "proven":
        write_text(out / f"{name}.txt", found.walnut())
        row["file"] = f"{name}.txt"
    return row


def table(rows: list[dict]) -> str:
    lines = ["| A | answer | states | lower bound | digits | seconds |",
             "|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {{{', '.join(map(str, r['set']))}}} | **{r['status']}** | "
                     f"{r['states'] or '-'} | {r['lower_bound'] if r['lower_bound'] else '-'} | "
                     f"{r['digits']} | {r['seconds']} |")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    out = OUT
    options: dict = {}
    for flag in ("--out", "--max-digits", "--time-limit"):
        if flag in argv:
            i = argv.index(flag)
            if flag == "--out":
                out = Path(argv[i + 1])
            else:
                options[flag[2:].replace("-", "_")] = float(argv[i + 1]) if "time" in flag \
                    else int(argv[i + 1])
            argv = argv[:i] + argv[i + 2:]
    out.mkdir(parents=True, exist_ok=True)
    wanted = [tuple(int(x) for x in a.split(",")) for a in argv] or sets()
    log = out / "census.jsonl"
    done = {}
    if log.exists():
        for line in log.read_text().splitlines():
            r = json.loads(line)
            done[tuple(r["set"])] = r
    for A in wanted:
        if A in done:
            continue
        row = run(A, out, options)
        done[A] = row
        with open(log, "a") as f:
            f.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)
    print(table([done[A] for A in sets() if A in done]))


if __name__ == "__main__":
    main(sys.argv[1:])

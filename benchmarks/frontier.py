"""The frontier: discover where the papers stop (docs/DISCOVERIES.md), one job at a time.

Usage: ``python benchmarks/frontier.py [NAME ...]``

Each job runs ``nimlab.discover.discover`` with a modest budget; a proven automaton is written to
``docs/discoveries/NAME.txt`` (Walnut's format; the smaller values' automata beside it as
``NAME_v0.txt``, ...).  Prints one Markdown table row per job and appends the JSON answer to
``frontier.jsonl`` in the current directory (a run's log, not a record: what is proven is
``docs/discoveries/MANIFEST.json``, which ``tests/test_discoveries.py`` proves again).
``python benchmarks/frontier.py manifest`` updates the manifest from that log, ``table``
prints the log as the Markdown table of docs/DISCOVERIES.md.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from nimlab.discover.record import encoding

OUT = Path(__file__).resolve().parent.parent / "docs" / "discoveries"
LOG = Path("frontier.jsonl")

#: name, game, piles, value (None: P-positions), options, time limit, max digits
JOBS = [
    ("sharing3_v2", "sharing", 3, 2, {}, 300, 9),
    ("sharing4_p", "sharing", 4, None, {}, 300, 7),
    ("endnim4_normal_v1", "end-nim", 4, 1, {"variant": "normal"}, 300, None),
    ("endnim4_misere_v1", "end-nim", 4, 1, {"variant": "misere"}, 300, None),
    ("endnim4_loop_v1", "end-nim", 4, 1, {"variant": "loop"}, 300, None),
    ("endnim4_normal_v2", "end-nim", 4, 2, {"variant": "normal"}, 300, 7),
    ("fibonacci2_p", "fibonacci", 2, None, {}, 300, 12),
    ("fibonacci3_p", "fibonacci", 3, None, {}, 300, None),
    ("wythoff_fib_v1", "wythoff", None, 1, {"base": "fib"}, 300, None),
    ("wythoff_fib_v2", "wythoff", None, 2, {"base": "fib"}, 300, None),
    ("cash12_p", "cash", None, None, {"set": "1,2"}, 300, None),
    ("cash123_p", "cash", None, None, {"set": "1,2,3"}, 300, None),
    ("cash1234_p", "cash", None, None, {"set": "1,2,3,4"}, 300, 9),
    ("cash12345_p", "cash", None, None, {"set": "1,2,3,4,5"}, 300, 9),
    ("cash13_p", "cash", None, None, {"set": "1,3"}, 300, 9),
    ("cash15_p", "cash", None, None, {"set": "1,5"}, 300, 9),
    ("cash17_p", "cash", None, None, {"set": "1,7"}, 300, 9),
    ("cash16_p", "cash", None, None, {"set": "1,6"}, 900, 10),
    ("cash23_p", "cash", None, None, {"set": "2,3"}, 300, 9),
    ("cash134_p", "cash", None, None, {"set": "1,3,4"}, 900, 10),
    ("cash14_p", "cash", None, None, {"set": "1,4"}, 300, 9),
    ("cash145_p", "cash", None, None, {"set": "1,4,5"}, 900, 10),
    ("sub134_v2", "subtraction", None, 2, {"set": "1,3,4"}, 60, None),
    ("sub235_v2", "subtraction", None, 2, {"set": "2,3,5"}, 60, None),
    ("sub147_v2", "subtraction", None, 2, {"set": "1,4,7"}, 60, None),
    ("sub1234_v3", "subtraction", None, 3, {"set": "1,2,3,4"}, 60, None),
    ("sub1256_v3", "subtraction", None, 3, {"set": "1,2,5,6"}, 60, None),
    ("sub2357_v2", "subtraction", None, 2, {"set": "2,3,5,7"}, 60, None),
]


def run(job) -> dict:
    from nimlab.discover import discover
    from nimlab.prove.walnut import dumps

    name, game, piles, value, options, limit, digits = job
    options = dict(options)
    base = options.pop("base", None)
    t0 = time.perf_counter()
    found = discover(game, piles, value=value, p_positions=value is None, base=base,
                     time_limit=limit, max_digits=digits, name=name, **options)
    seconds = time.perf_counter() - t0
    files = []
    if found.status == "proven":
        for (lower, dfa) in found.given:
            (OUT / f"{lower}.txt").write_text(dumps(dfa, found.base, found.variables))
            files.append(f"{lower}.txt")
        (OUT / f"{name}.txt").write_text(found.walnut())
        files.append(f"{name}.txt")
    row = {"name": name, **found.to_json(), "wall_seconds": round(seconds, 2), "files": files,
           "command": command_line(game, piles, value, options, base, limit, digits, name)}
    return row


def command_line(game, piles, value, options, base, limit, digits, name) -> str:
    parts = ["nimlab discover", game]
    if piles:
        parts.append(f"--piles {piles}")
    for k, v in options.items():
        parts.append(f"--{k} {v}")
    parts.append("--p-positions" if value is None else f"--value {value}")
    if base:
        parts.append(f"--base {base}")
    if digits:
        parts.append(f"--max-digits {digits}")
    parts.append(f"--time-limit {limit} --out {name}.txt")
    return " ".join(parts)


def manifest() -> dict:
    """docs/discoveries/MANIFEST.json updated from the log: what each saved automaton
    states (the test tests/test_discoveries.py re-proves every entry); entries of automata saved
    by other commands stay."""
    jobs = {j[0]: j for j in JOBS}
    latest = {}
    for line in LOG.read_text().splitlines():
        row = json.loads(line)
        latest[row["name"]] = row  # a job run again replaces its earlier answer
    order = [j[0] for j in JOBS if j[0] in latest]
    # entries saved by other commands (the census, the rows run by hand) are kept
    entries = json.loads((OUT / "MANIFEST.json").read_text())
    for name in order:
        row = latest[name]
        if row["status"] != "proven":
            continue
        name, game, piles, value, options, _, _ = jobs[row["name"]]
        options = dict(options)
        base = options.pop("base", None)
        entries[name] = {"game": game, "piles": piles, "options": options, "base": base,
                         "kind": "p-positions" if value is None else "value",
                         "value": value or 0, "states": row["states"],
                         "given": [f"{g['name']}.txt" for g in row["given"]],
                         "file": f"{name}.txt", "seconds": row["seconds"],
                         "command": row["command"], "form": row.get("form"),
                         "encoding": encoding(game, base)}
    for entry in entries.values():  # every entry, whichever command saved it
        entry["encoding"] = encoding(entry["game"], entry.get("base"))
    (OUT / "MANIFEST.json").write_text(json.dumps(entries, indent=1, sort_keys=True) + "\n")
    from nimlab.discover.record import refresh
    refresh(OUT)  # each file's comment says what its entry says
    return entries


#: The targets in words, for the table of docs/DISCOVERIES.md.
TITLES = {
    "sharing3_v2": "Sharing Nim, 3 piles, value 2", "sharing4_p": "Sharing Nim, 4 piles, P-positions",
    "endnim4_normal_v1": "End-Nim, rows of 1-4 piles, value 1",
    "endnim4_misere_v1": "misère End-Nim, rows of 1-4 piles, value 1",
    "endnim4_loop_v1": "Loop-End-Nim, rows of 1-4 piles, value 1",
    "endnim4_normal_v2": "End-Nim, rows of 1-4 piles, value 2",
    "fibonacci2_p": "Fibonacci Nim, 2 piles (p1, p2; x), P-positions",
    "fibonacci3_p": "Fibonacci Nim, 3 piles (p1, p2, p3; x), P-positions",
    "wythoff_fib_v1": "Wythoff, value 1 (Zeckendorf)", "wythoff_fib_v2": "Wythoff, value 2 (Zeckendorf)",
}


def title(name: str) -> str:
    if name in TITLES:
        return TITLES[name]
    job = next(j for j in JOBS if j[0] == name)
    label = f"NIM({job[4]['set']})"
    return (f"{label} with cash, P-positions" if job[1] == "cash" else f"{label}, value {job[3]}")


def table() -> str:
    """The frontier's Markdown table from the log."""
    out = ["| target | command | result | states | seconds | formula or evidence |",
           "|---|---|---|---|---|---|"]
    for line in LOG.read_text().splitlines():
        r = json.loads(line)
        if r["status"] == "proven":
            what = f"`{r['formula']}`"
            if r.get("form"):
                what += f", equal to `{r['form']}`"
            if r["given"]:
                what += " (given: " + ", ".join(f"`{g['name']}` {g['states']} states"
                                                for g in r["given"]) + ")"
            what += f"; file `docs/discoveries/{r['name']}.txt`"
        else:
            what = f"{r['evidence']} ({r['reason']})"
        out.append(f"| {title(r['name'])} | `{r['command']}` | **{r['status']}** | "
                   f"{r['states'] or '-'} | {r['seconds']:.1f} | {what} |")
    return "\n".join(out)


def main(argv: list[str]) -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    if argv == ["table"]:
        print(table())
        return 0
    if argv == ["manifest"]:
        print(f"{len(manifest())} proven automata in {OUT / 'MANIFEST.json'}")
        return 0
    wanted = set(argv)
    for job in JOBS:
        if wanted and job[0] not in wanted:
            continue
        row = run(job)
        with open(LOG, "a") as log:
            log.write(json.dumps(row) + "\n")
        what = row["formula"] if row["status"] == "proven" else row["evidence"]
        print(f"| {row['name']} | `{row['command']}` | {row['status']} | {row['states']} | "
              f"{row['seconds']:.1f} s | {what} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

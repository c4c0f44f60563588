"""Write docs/RECORDS.md and docs/data/ from finished record runs.

``python benchmarks/records_doc.py DIR [DIR ...] [--docs docs]``: each DIR is a directory of
``nimlab record GAME --max N --dir DIR`` that has finished.  For each it reads the table
(:func:`nimlab.research.records.summarize`: counts, maxima, the papers' statements checked on
the whole range) and writes

* ``docs/RECORDS.md``: one section per record (the command, the SHA-256 of ``values.bin``, the
  computation time recorded in the run, the counts and the checks), then the data sets;
* ``docs/data/sharing-p-positions-B.csv``: every P-position ``(0, a, b)`` of Sharing Nim with
  ``a <= b/2`` (the rest by Theorem 1: ``(0, b - a, b)``), one ``a,b`` a line;
* ``docs/data/wythoff-p-positions-N.csv``: likewise ``a,b`` with ``a <= b`` (these are Wythoff's
  pairs; the file lets anyone check that the record agrees with the theorem).

Not part of the test suite (a record run takes minutes to hours).
"""

from __future__ import annotations

import argparse
import datetime
import sys
from pathlib import Path

from nimlab.fileio import write_csv, write_text
from nimlab.research import records

ROOT = Path(__file__).resolve().parent.parent

INTRO = """# Record tables

The largest tables nimlab has computed, and what they show.  The tables themselves are too large
for the repository (Sharing Nim B = 100,000 is 10 GB); each is identified by the SHA-256 of its
file, and anyone can recompute it and compare:

```
nimlab record sharing --max B --dir DIR     # columns b = 0..B, G(0, a, b) for a = 0..b/2
nimlab record wythoff --max N --dir DIR     # rows a = 0..N, G(a, b) for b = a..N
```

A run keeps a checkpoint in `DIR/record.json`; Ctrl-C, SIGTERM or a kill stops it and the same
command continues where it stopped (the file is the same, bit for bit, as an uninterrupted
run's).  `DIR/values.bin` holds the kernel's half of the table (the rest follows by Theorem 1 of
the Sharing Nim paper, or by the symmetry of Wythoff's game) as raw little-endian integers of the
`dtype` in `record.json`, line after line.  This page is written by
`python benchmarks/records_doc.py DIR ...` from finished runs; counts are over the whole table
(Sharing Nim: every `(0, a, b)` with `0 <= a <= b <= B`; Wythoff: every `(a, b)` with
`0 <= a, b <= N`).
"""


def machine() -> str:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from run import machine as info  # benchmarks/run.py

    found = info()
    return (f"{found['nproc']} cores ({found['cpu']}), {found['ram_gb']} GB, Python "
            f"{found['python']}, NumPy {found['numpy']}, Numba {found['numba']}")


def section(summary: dict, data_file: str) -> str:
    game, bound = summary["game"], summary["bound"]
    name = "Sharing Nim (3 piles)" if game == "sharing" else "Wythoff's game"
    letter = "B" if game == "sharing" else "N"
    out = [f"## {name}, {letter} = {bound:,}", "",
           "| | |", "|---|---|",
           f"| command | `nimlab record {game} --max {bound} --dir DIR` |",
           f"| values.bin | {summary['file_bytes']:,} bytes, SHA-256 `{summary['sha256']}` |",
           f"| computation | {summary['computation_seconds']:,.0f} s (recorded by the run; "
           "see the run's notes for the machine and its load) |",
           f"| nimlab | {summary['version']} |",
           f"| positions | {summary['positions']:,} |",
           f"| P-positions | {summary['p_positions']:,} (the `a <= b/2` half: `{data_file}`) |"
           if game == "sharing" else
           f"| P-positions | {summary['p_positions']:,} (the `a <= b` half: `{data_file}`) |",
           f"| largest value | {summary['max_value']:,}, first at "
           f"{_where(game, summary['max_first_at'])} |", ""]
    out += ["Positions of each small value:", "",
            "| value | " + " | ".join(summary["value_counts"]) + " |",
            "|---|" + "---|" * len(summary["value_counts"]),
            "| positions | " + " | ".join(f"{c:,}" for c in summary["value_counts"].values())
            + " |", ""]
    checks = summary["checks"]
    if game == "sharing":
        c3 = checks["conjecture_3"]
        out += ["**Conjecture 3** (" + c3["statement"] + f"), checked at every point of the "
                f"range: {'holds' if c3['violations'] == 0 else 'FAILS'} "
                f"({c3['violations']:,} violations"
                + (f", first at {_where(game, c3['first'])}" if c3["first"] else "") + ").", "",
                "**Conjecture 1** (each row `(G(0, a, n))_{n >= a}` of Table 1 is bounded): "
                f"evidence on the range, rows a = 1..{len(checks['conjecture_1_rows'])}: the "
                "largest value of the row for n <= B and the last n where it is met (a "
                "maximum met long before B is evidence for the conjecture; it proves "
                "nothing).", "",
                "| a | " + " | ".join(str(r["a"]) for r in checks["conjecture_1_rows"]) + " |",
                "|---|" + "---|" * len(checks["conjecture_1_rows"]),
                "| max | " + " | ".join(str(r["max"]) for r in checks["conjecture_1_rows"]) + " |",
                "| last at n = | " + " | ".join(f"{r['last_attained_at_b']:,}"
                                             for r in checks["conjecture_1_rows"]) + " |", ""]
    else:
        wt = checks["wythoff_theorem"]
        out += [f"**Wythoff's theorem** ({wt['statement']}): {wt['p_positions_found']:,} "
                f"P-positions with a <= b found, {wt['p_positions_expected']:,} expected: "
                f"{'agrees' if wt['holds'] else 'DISAGREES'}.", ""]
    return "\n".join(out)


def _where(game: str, at) -> str:
    if at is None:
        return "-"
    first, line = at
    return f"(0, {first}, {line})" if game == "sharing" else f"({line}, {first})"


#: From this line on, RECORDS.md holds sections written by hand from other runs (the octal
#: games' proven periods), which a new write keeps.
KEPT = "<!-- kept by records_doc.py: sections from other runs -->"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directories", nargs="+", metavar="DIR")
    parser.add_argument("--docs", default=str(ROOT / "docs"), help="the docs directory")
    parser.add_argument("--note", default="", help="a sentence on the runs (machine, load)")
    args = parser.parse_args()
    docs = Path(args.docs)
    parts = [INTRO]
    if args.note:
        parts.append(args.note + "\n")
    data_lines = []
    for directory in args.directories:
        summary = records.summarize(directory, p_positions=10**7)
        name = f"{summary['game']}-p-positions-{summary['bound']}.csv"
        listed = summary["p_position_list"]
        write_csv(docs / "data" / name, ["a", "b"], listed, make_parents=True)
        parts.append(section(summary, f"docs/data/{name}"))
        data_lines.append(f"* `docs/data/{name}`: {len(listed):,} P-positions `a,b` "
                          f"({'a <= b/2, the others by Theorem 1' if summary['game'] == 'sharing' else 'a <= b, the others by symmetry'}), "
                          f"{summary['game']} up to {summary['bound']:,}.")
    parts.append("## Data sets\n\n" + "\n".join(data_lines) + "\n")
    parts.append(f"Written {datetime.date.today().isoformat()} on {machine()}.\n")
    kept = docs / "RECORDS.md"
    if kept.exists() and KEPT in kept.read_text():  # sections of other runs, kept as they are
        parts.append(KEPT + kept.read_text().split(KEPT, 1)[1])
    write_text(docs / "RECORDS.md", "\n".join(parts))
    print(f"wrote {docs / 'RECORDS.md'} and {len(data_lines)} data file(s)")


if __name__ == "__main__":
    main()

"""Rediscovery of every set the papers state (and Bouton's and Wythoff's), timed.

Usage: ``python benchmarks/discover.py [ID ...] [--json]``

Each target (``nimlab.discover.papers.targets()``) is discovered with no formula given, then the
found automaton is proven EQUAL to the printed rule.  Prints one line per target: the id, the
discovery's status, states, digits examined, the equality proof's status, and the seconds of
each step; the target is "under a minute" when both steps together take less than 60 s.
"""

from __future__ import annotations

import json
import sys
import time


def main(argv: list[str]) -> int:
    from nimlab.discover.papers import rediscover, targets

    as_json = "--json" in argv
    wanted = [a for a in argv if not a.startswith("--")]
    rows = []
    for target in targets():
        if wanted and target.id not in wanted:
            continue
        t0 = time.perf_counter()
        out = rediscover(target, time_limit=60)
        total = time.perf_counter() - t0
        d = out["discovery"]
        row = {"id": target.id, "status": d.status, "states": d.states, "digits": d.digits,
               "discover_seconds": round(d.seconds, 2),
               "equal": out["equal"]["status"] if out["equal"] else None,
               "seconds": round(total, 2)}
        rows.append(row)
        if not as_json:
            print(f"{row['id']:<24} {row['status']:<7} {str(row['states']):>5} states "
                  f"{row['digits']:>3} digits  equal: {str(row['equal']):<9} "
                  f"{row['discover_seconds']:>7.2f} s discover, {row['seconds']:>7.2f} s total"
                  f"{'' if total < 60 else '  (over a minute)'}", flush=True)
    if as_json:
        print(json.dumps(rows, indent=1))
    bad = [r for r in rows if r["status"] != "proven" or r["equal"] != "proven"
           or r["seconds"] >= 60]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

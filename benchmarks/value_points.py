"""The positions of values 0..G without the table of values, against the table they replace.

Usage: ``python benchmarks/value_points.py GAME WAY N [G]``: GAME ``wythoff`` (rows below N),
``sharing`` (3 piles, B = N) or ``end-nim`` (rows of four piles, N the largest pile); WAY
``table`` (the game's table of values kernel, then its cells of values 0..G), ``points``
(``kernels/wythoff_lines.py``, ``kernels/sharing_lines.py``, ``kernels/endnim_points.py``) or
``both`` (each, timed in this process, the two answers compared and the ratio printed).  One
line a way: seconds, the process's peak memory, the count of positions of each value and a
digest of them (equal digests: the same positions).  Compiling is done before the timing.
``farm-bench`` times ``table`` against ``points`` as whole processes (docs/PERFORMANCE.md).
"""

from __future__ import annotations

import hashlib
import resource
import sys
import time

import numpy as np


def _digest(sets: list[np.ndarray]) -> tuple[list[int], str]:
    h = hashlib.sha256()
    for s in sets:
        s = np.ascontiguousarray(s[np.lexsort(s.T[::-1])], dtype=np.int64)
        h.update(s.tobytes())
    return [len(s) for s in sets], h.hexdigest()[:12]


def wythoff(way: str, n: int, top: int) -> list[np.ndarray]:
    """The positions (x, y), x < n, of each value 0..top."""
    from nimlab.kernels import wythoff as square, wythoff_lines as lines
    if way == "points":
        K = lines.wythoff_partners(top, n)
        return [np.stack([np.arange(n), K[g, :n]], axis=1) for g in range(top + 1)]
    T = square.wythoff_table(lines.columns(n) - 1)
    out = []
    for g in range(top + 1):
        x, y = np.nonzero(T[:n] == g)
        out.append(np.stack([x, y], axis=1))
    return out


def sharing(way: str, n: int, top: int) -> list[np.ndarray]:
    """The points (a, b), a <= b <= n, of each value 0..top."""
    from nimlab.kernels import sharing as table, sharing_lines as lines
    if way == "points":
        return [np.stack([a, b], axis=1) for a, b in lines.sharing_value_points(top, n)]
    V = table.sharing_values(n)
    return [np.argwhere(V == g) for g in range(top + 1)]


def end_nim(way: str, n: int, top: int) -> list[np.ndarray]:
    """The rows (a, b, c, d) of four piles in 1..n of each value 0..top."""
    from nimlab.kernels import endnim_points as points, endnim_rows
    three = endnim_rows.row_values(3, n)
    if way == "points":
        D = points.four_pile_points(top, three)
        out = []
        for g in range(top + 1):
            b, c, a = np.nonzero(D[g] >= 0)
            out.append(np.stack([a, b, c, D[g][b, c, a].astype(np.int64)], axis=1))
        return out
    V = endnim_rows.row_values(4, n)[1:, 1:, 1:, 1:]
    return [np.argwhere(V == g) + 1 for g in range(top + 1)]


GAMES = {"wythoff": wythoff, "sharing": sharing, "end-nim": end_nim}


def run(game: str, way: str, n: int, top: int) -> tuple[float, list[int], str]:
    GAMES[game](way, 40 if game != "end-nim" else 6, top)  # compiled outside the timing
    start = time.perf_counter()
    sets = GAMES[game](way, n, top)
    seconds = time.perf_counter() - start
    return (seconds, *_digest(sets))


def main(argv: list[str]) -> None:
    game, way, n = argv[0], argv[1], int(argv[2])
    top = int(argv[3]) if len(argv) > 3 else 2
    ways = ["table", "points"] if way == "both" else [way]
    seen = {}
    for w in ways:
        seconds, counts, digest = run(game, w, n, top)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
        seen[w] = (seconds, digest)
        print(f"{game} N = {n:,}, values 0..{top}, {w}: {seconds:.2f} s, peak so far "
              f"{peak:.2f} GiB, positions {counts}, digest {digest}")
    if way == "both":
        same = seen["table"][1] == seen["points"][1]
        print(f"table / points: {seen['table'][0] / seen['points'][0]:.1f}x; "
              f"{'the same positions' if same else 'DIFFERENT POSITIONS'}")
        if not same:
            sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1:])

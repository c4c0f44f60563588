"""The sweeps nimlab ships: claim checks over families of games (see :mod:`.sweeps`).

* ``cash-conjecture`` - the conjecture of Section 7 of Gasarch and Purtilo 2015 over every subtraction
  set containing 1 with largest element <= ``max_element`` (each job's tables are its own: computed
  in memory, never stored);
* ``sharing-conjectures`` - Ho's Conjectures 1-3 (Ho 2015, Sections 4 and 6), one job per
  row of the table;
* ``graph-nim`` - Graph Nim (Ho 2015, Section 7) on every digraph with 3 and 4 vertices up
  to isomorphism, compared with Sharing Nim (the complete digraph);
* ``sharing4`` - 4-pile Sharing Nim: complement symmetry (Section 2), P-positions by total.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

import numpy as np

from nimlab.engine.solver import solver_for
from nimlab.errors import InputError
from nimlab.games import GraphNim, SharingNim, complete_digraph, edge_text
from nimlab.research.periodicity import find_periodicity
from nimlab.research.sequences import (
    cash_function,
    cash_wins,
    losing_indicator,
    nim_sequence,
)
from nimlab.research.sweeps import Sweep
from nimlab.store import sharing_values


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(";")] if text else []


def _yes(text: str) -> bool:
    return text == "yes"


# ------------------------------------------------------------------- cash conjecture
def cash_sets(max_element: int) -> list[tuple[int, ...]]:
    """Every subtraction set containing 1 with largest element <= ``max_element``."""
    rest = range(2, max_element + 1)
    return [(1, *c) for k in range(len(rest) + 1) for c in combinations(rest, k)]


def _cash_jobs(bounds: dict) -> list[tuple[str, dict]]:
    n = bounds["n"]
    return [(f"A={','.join(map(str, s))};n<={n}", {"set": s, "n": n})
            for s in cash_sets(bounds["max_element"])]


def check_cash_conjecture(moves: tuple[int, ...], bound: int) -> dict:
    """Section 7 of Gasarch and Purtilo 2015 for NIM(A), checked for ``n <= bound``.

    Premise: Player II wins exactly when ``n mod M`` is one of ``L`` residues (purely periodic
    P-positions with least period ``M``, proven by :func:`find_periodicity` with memory
    ``max(A)``).  Claims: (a) ``f(i) <= M - L - 1`` for ``0 <= i < M``; (b) ``f(Mk + i) = (M - L)k
    + f(i)``.  With a multiple ``jM`` of the least period both claims say the same (``L`` scales
    with ``M``), so the least period decides.
    """
    outcomes = losing_indicator(nim_sequence(moves, bound))
    per = find_periodicity(outcomes, window=max(moves))
    row: dict[str, Any] = {"set": list(moves), "max_element": max(moves), "n_max": bound}
    if per.status != "proven":
        row["verdict"] = "unproven-period"
        return row
    M, q = per.period, per.preperiod
    losing = sorted({i % M for i in range(q, q + M) if outcomes[i]})
    row.update(M=M, preperiod=q, L=len(losing), losing_residues=losing,
               periods_checked=(bound + 1) // M)
    # One table per set, read by this job only (a rerun skips the job): computed in memory,
    # never stored, so a sweep of 512 sets does not fill the user's store with them.
    f = cash_function(moves, bound, wins=cash_wins(moves, bound, bound, use_cache=False))
    row["f_first_period"] = f[:M]
    fit = find_periodicity(f)
    row["f_pattern"] = (f"pre {fit.preperiod} period {fit.period} saltus {fit.saltus}"
                        if fit.kind != "none" else "none")
    if q > 0:
        row["verdict"] = "premise-fails"
        row["note"] = f"P-positions are periodic only from n = {q}"
        return row
    L = len(losing)
    row["max_f_minus_M_plus_L"] = max(f[:M]) - (M - L)
    a_bad = [i for i in range(M) if f[i] > M - L - 1]
    row["a_holds"] = not a_bad
    if a_bad:
        i = a_bad[0]
        row["a_witness"] = f"f({i}) = {f[i]} > M-L-1 = {M - L - 1}"
    b_bad = [n for n in range(bound + 1) if f[n] != (M - L) * (n // M) + f[n % M]]
    row["b_holds"] = not b_bad
    if b_bad:
        n = b_bad[0]
        row["b_witness"] = (f"f({n}) = {f[n]} but (M-L)k + f(i) = "
                            f"{(M - L) * (n // M) + f[n % M]} (k = {n // M}, i = {n % M})")
    row["verdict"] = "holds" if not a_bad and not b_bad else "fails"
    return row


def _cash_run(params: dict, shared: Any) -> dict:
    return check_cash_conjecture(tuple(params["set"]), params["n"])


def _cash_summary(rows: list[dict[str, str]], bounds: dict) -> dict:
    verdicts: dict[str, int] = {}
    for row in rows:
        verdicts[row["verdict"]] = verdicts.get(row["verdict"], 0) + 1
    checked = [r for r in rows if r["verdict"] in ("holds", "fails")]
    a_fail = [r for r in checked if not _yes(r["a_holds"])]
    b_fail = [r for r in checked if not _yes(r["b_holds"])]

    def smallest(rows_, key):
        if not rows_:
            return None
        best = min(rows_, key=lambda r: (len(_ints(r["set"])), _ints(r["set"])))
        return {"set": best["set"].replace(";", ","), "witness": best[key]}

    return {
        "sets": len(rows), "verdicts": verdicts,
        "part_a_fails": len(a_fail), "part_b_fails": len(b_fail),
        "smallest_part_a_witness": smallest(a_fail, "a_witness"),
        "smallest_part_b_witness": smallest(b_fail, "b_witness"),
        "max_f(i)_minus_(M-L)_counts": _counts(r["max_f_minus_M_plus_L"] for r in checked),
        "holding_sets": [r["set"].replace(";", ",") for r in checked if r["verdict"] == "holds"],
        "least_periods_checked": min((int(r["periods_checked"]) for r in checked), default=0),
    }


def _counts(values) -> dict[str, int]:
    counts: dict[str, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: int(kv[0])))


# --------------------------------------------------------------- sharing conjectures
def _sharing_shared(bounds: dict, progress) -> np.ndarray:
    return sharing_values(bounds["max"], progress)


def _sharing_jobs(bounds: dict) -> list[tuple[str, dict]]:
    top = min(bounds["rows"], bounds["max"] // 2)
    jobs = [(f"a={a};b<={bounds['max']}", {"a": a}) for a in range(top + 1)]
    return jobs + [(f"whole-table;b<={bounds['max']}", {"a": None})]


def check_conjecture3(table: np.ndarray) -> dict:
    """Conjecture 3 of Ho 2015 on the whole table: ``G(0,a,b) = g >= 2`` with
    ``a <= b/2`` implies ``a <= 2g - 1``; also the largest such ``a`` for every ``g``."""
    bound = table.shape[1] - 1
    largest = np.full(int(table.max()) + 1, -1, dtype=np.int64)
    violations, witness = 0, None
    for a in range(bound // 2 + 1):
        right = table[a, 2 * a:].astype(np.int64)
        bad = np.flatnonzero((right >= 2) & (a > 2 * right - 1))
        if bad.size and witness is None:
            witness = f"G(0,{a},{2 * a + int(bad[0])}) = {int(right[bad[0]])}"
        violations += int(bad.size)
        largest[np.unique(right)] = a
    return {"b_max": bound, "conj3_violations": violations, "conj3_witness": witness,
            "largest_a_per_g": [f"{g}:{a}" for g, a in enumerate(largest) if g >= 2 and a >= 0]}


def check_sharing_row(table: np.ndarray, a: int) -> dict:
    """Conjectures 1-3 of Ho 2015 on row ``a`` of ``table`` (``V[a, b] = G(0,a,b)``)."""
    bound = table.shape[1] - 1
    row = table[a, a:].astype(np.int64)
    right = row[a:]  # the part with a <= b/2
    half = len(row) // 2
    g = right
    bad = np.flatnonzero((g >= 2) & (a > 2 * g - 1))
    diagonal = np.array([table[a + i, 2 * a + i] for i in range(bound - 2 * a + 1)])
    mismatch = np.flatnonzero(diagonal != right)
    per = find_periodicity(row)
    return {
        "a": a, "b_max": bound,
        "max_value": int(row.max()), "first_b_of_max": a + int(np.argmax(row)),
        "max_first_half": int(row[:half].max()) if half else int(row.max()),
        "max_second_half": int(row[half:].max()),
        "periodicity": per.kind,
        "period": per.period, "preperiod": per.preperiod, "full_periods": per.full_periods,
        "conj3_violations": int(bad.size),
        "conj3_witness": (f"G(0,{a},{2 * a + int(bad[0])}) = {int(g[bad[0]])}"
                          if bad.size else None),
        "cor3_holds": not mismatch.size,
    }


def _sharing_run(params: dict, shared: Any) -> dict:
    if params["a"] is None:
        return check_conjecture3(shared)
    return check_sharing_row(shared, params["a"])


def _sharing_summary(rows: list[dict[str, str]], bounds: dict) -> dict:
    whole = next(r for r in rows if not r["a"])
    rows = [r for r in rows if r["a"]]
    largest_a = {int(g): int(a) for g, a in (x.split(":") for x in _ints_text(
        whole["largest_a_per_g"]))}
    growth = [int(r["a"]) for r in rows if int(r["max_second_half"]) > int(r["max_first_half"])]
    return {
        "table": f"G(0,a,b), b <= {bounds['max']}", "rows": len(rows),
        "conjecture_1_rows_whose_max_grew_in_second_half": growth,
        "row_max": {r["a"]: int(r["max_value"]) for r in rows},
        "conjecture_2_rows_found_periodic": [
            {"a": r["a"], "preperiod": r["preperiod"], "period": r["period"],
             "full_periods": r["full_periods"]} for r in rows if r["periodicity"] != "none"],
        "conjecture_3_violations_whole_table": int(whole["conj3_violations"]),
        "conjecture_3_first_witness": whole["conj3_witness"] or None,
        "conjecture_3_largest_a_per_g": largest_a,
        "conjecture_3_largest_ratio_a_over_g": max(
            (round(a / g, 3), g, a) for g, a in largest_a.items()) if largest_a else None,
        "corollary_3_fails": [r["a"] for r in rows if not _yes(r["cor3_holds"])],
    }


# -------------------------------------------------------------------------- graph nim
def digraphs(vertices: int) -> list[tuple[tuple[int, int], ...]]:
    """Every digraph on ``vertices`` vertices up to isomorphism (networkx), as edge tuples."""
    import warnings

    import networkx as nx

    arcs = complete_digraph(vertices)
    found: dict[str, list[Any]] = {}
    result = []
    for mask in range(1 << len(arcs)):
        edges = tuple(arc for i, arc in enumerate(arcs) if mask >> i & 1)
        graph = nx.DiGraph(edges)
        graph.add_nodes_from(range(vertices))
        with warnings.catch_warnings():  # networkx 3.5 notes that its hashes changed
            warnings.simplefilter("ignore")
            label = nx.weisfeiler_lehman_graph_hash(graph)
        bucket = found.setdefault(label, [])
        if any(nx.is_isomorphic(graph, other) for other in bucket):
            continue
        bucket.append(graph)
        result.append(edges)
    return result


def _graph_jobs(bounds: dict) -> list[tuple[str, dict]]:
    jobs = []
    for v in (3, 4):
        tokens = bounds["tokens3"] if v == 3 else bounds["tokens4"]
        for edges in digraphs(v):
            text = edge_text(edges) or "none"  # vertices numbered from 1, as --edges
            jobs.append((f"v={v};edges={text};tokens<={tokens}",
                         {"vertices": v, "edges": edges, "tokens": tokens}))
    return jobs


def theorem2_p(position: tuple[int, ...]) -> bool:
    """Theorem 2 of Ho 2015: (0,0,0), (0,0,m), (0,m,m) with m = 4^k(2l+1), up to shifts."""
    a, b, c = sorted(position)
    b, c = b - a, c - a

    def good(m: int) -> bool:
        while m % 4 == 0:
            m //= 4
        return m % 2 == 1

    return (b == 0 and c == 0) or (b == 0 and good(c)) or (b == c and good(c))


def p_positions(game, vertices: int, tokens: int) -> set[tuple[int, ...]]:
    """P-positions of Graph Nim (or Sharing Nim: the complete digraph) with piles in
    ``0..tokens``, from the compiled kernel :func:`nimlab.kernels.graphnim.graph_values`
    (up to 4 vertices; the generic solver beyond)."""
    from nimlab.kernels.graphnim import MAX_VERTICES, graph_values

    if vertices > MAX_VERTICES:
        return p_positions_generic(game, vertices, tokens)
    edges = complete_digraph(vertices) if isinstance(game, SharingNim) else game.edges
    V = graph_values(vertices, edges, tokens)
    return {tuple(int(x) for x in p) for p in np.argwhere(V == 0)}


def p_positions_generic(game, vertices: int, tokens: int) -> set[tuple[int, ...]]:
    """The same by the generic solver (any number of vertices)."""
    solver = solver_for(game, 10_000_000)
    return {p for p in product(range(tokens + 1), repeat=vertices) if solver.value(p) == 0}


def compare_graph(vertices: int, edges, tokens: int) -> dict:
    """P-positions of Graph Nim on ``edges`` against Sharing Nim's, piles in ``0..tokens``."""
    import networkx as nx

    graph = nx.DiGraph(list(edges))
    graph.add_nodes_from(range(vertices))
    mine = p_positions(GraphNim(vertices, edges), vertices, tokens)
    sharing = p_positions(SharingNim(), vertices, tokens)
    only_graph, only_sharing = mine - sharing, sharing - mine
    first = min(only_graph | only_sharing, key=lambda p: (sum(p), p), default=None)
    row = {
        "vertices": vertices, "edges": edge_text(edges).split(",") if edges else [], "arcs": len(edges),
        "weakly_connected": nx.is_weakly_connected(graph),
        "strongly_connected": nx.is_strongly_connected(graph),
        "tokens": tokens, "p_count": len(mine), "sharing_p_count": len(sharing),
        "same": not (only_graph or only_sharing),
        "only_graph": len(only_graph), "only_sharing": len(only_sharing),
        "first_difference": ",".join(map(str, first)) if first else None,
        "first_difference_is_p_in": (None if first is None else
                                     "graph" if first in only_graph else "sharing"),
    }
    if vertices == 3:
        box = product(range(tokens + 1), repeat=3)
        row["sharing_matches_theorem2"] = sharing == {p for p in box if theorem2_p(p)}
    return row


def _graph_run(params: dict, shared: Any) -> dict:
    return compare_graph(params["vertices"], tuple(map(tuple, params["edges"])),
                         params["tokens"])


def _graph_summary(rows: list[dict[str, str]], bounds: dict) -> dict:
    summary: dict[str, Any] = {}
    for v in ("3", "4"):
        mine = [r for r in rows if r["vertices"] == v]
        weak = [r for r in mine if _yes(r["weakly_connected"])]
        same = [r for r in mine if _yes(r["same"])]
        summary[f"{v}_vertices"] = {
            "digraphs": len(mine), "weakly_connected": len(weak),
            "same_p_positions_as_sharing": [r["edges"].replace(";", ",") for r in same],
            "different": len(mine) - len(same),
            "strongly_connected_and_different": sum(
                1 for r in mine if _yes(r["strongly_connected"]) and not _yes(r["same"])),
            "sharing_matches_theorem2": (all(_yes(r["sharing_matches_theorem2"]) for r in mine)
                                         if v == "3" else None),
        }
    return summary


# ----------------------------------------------------------------------------- sharing4
def _sharing4_jobs(bounds: dict) -> list[tuple[str, dict]]:
    # Every job reads the kernels' tables of the largest total the sweep needs.
    top = max(bounds["total"], 3 * bounds["complement"])
    jobs = [(f"total={n}", {"kind": "total", "n": n, "top": top})
            for n in range(bounds["total"] + 1)]
    jobs += [(f"complement;max={m}", {"kind": "complement", "m": m, "top": top})
             for m in range(bounds["complement"] + 1)]
    return jobs


def four_pile_positions(total: int) -> list[tuple[int, int, int, int]]:
    """Sorted 4-pile positions with ``total`` tokens."""
    found = []
    for a in range(total // 4 + 1):
        for b in range(a, (total - a) // 3 + 1):
            for c in range(b, (total - a - b) // 2 + 1):
                found.append((a, b, c, total - a - b - c))
    return found


class SharingValues:
    """Values of Sharing Nim with 3 and 4 piles of total ``<= total``, from the compiled kernels
    (:func:`nimlab.kernels.graphnim.sharing4_values`, :func:`nimlab.kernels.sharing.sharing_values`):
    the same answers as the generic solver's ``value`` on these positions."""

    def __init__(self, total: int, four: np.ndarray | None = None,
                 three: np.ndarray | None = None):
        from nimlab.kernels.graphnim import sharing4_values
        from nimlab.kernels.sharing import sharing_values as sharing_kernel

        self.total = total
        self.four = sharing4_values(total) if four is None else four
        self.three = sharing_kernel(total) if three is None else three

    def value(self, position: tuple[int, ...]) -> int:
        p = sorted(position)
        if len(p) == 3:
            return int(self.three[p[1] - p[0], p[2] - p[0]])
        return int(self.four[p[1] - p[0], p[2] - p[0], p[3] - p[0]])


_SHARING_VALUES: dict[int, SharingValues] = {}


def sharing_values_upto(top: int) -> SharingValues:
    """:class:`SharingValues` of total ``top``, computed (or read from the store) once per
    process: every job of a sweep reads the same tables."""
    if top not in _SHARING_VALUES:
        from nimlab import store

        _SHARING_VALUES.clear()
        _SHARING_VALUES[top] = SharingValues(top, store.sharing4_values(top),
                                             store.sharing_values(top))
    return _SHARING_VALUES[top]


def sharing4_total(n: int, solver: Any = None) -> dict:
    """P-positions of 4-pile Sharing Nim with ``n`` tokens (moves keep the total).

    ``solver``: anything with ``value(position)`` covering 3 and 4 piles of total ``n``
    (default: the kernels' :class:`SharingValues`)."""
    solver = SharingValues(n) if solver is None else solver
    positions = four_pile_positions(n)
    ps = [p for p in positions if solver.value(p) == 0]
    reduced = [p for p in ps if p[0] == 0]
    pairs = [p for p in positions if p[0] == p[1] and p[2] == p[3]]
    three = [(a, b, n - a - b) for a in range(n // 3 + 1) for b in range(a, (n - a) // 2 + 1)]
    return {"kind": "total", "n": n, "positions": len(positions), "p_count": len(ps),
            "p3_count": sum(1 for p in three if solver.value(p) == 0),
            "p3_positive_count": sum(1 for p in three if p[0] > 0 and solver.value(p) == 0),
            "p_reduced": len(reduced), "floor_n_3": n // 3,
            "p_positions": [".".join(map(str, p)) for p in ps],
            "pairs_all_p": all(solver.value(p) == 0 for p in pairs)}


def sharing4_complement(m: int, solver: Any = None) -> dict:
    """Section 2 for 4 piles: ``G(0,b,c,m) = G(0,m-c,m-b,m)``, every ``0 <= b <= c <= m``."""
    solver = SharingValues(3 * m) if solver is None else solver
    bad = [(0, b, c, m) for b in range(m + 1) for c in range(b, m + 1)
           if solver.value((0, b, c, m)) != solver.value((0, m - c, m - b, m))]
    return {"kind": "complement", "m": m, "positions": (m + 1) * (m + 2) // 2,
            "complement_holds": not bad,
            "complement_witness": ".".join(map(str, bad[0])) if bad else None}


def _sharing4_run(params: dict, shared: Any) -> dict:
    values = sharing_values_upto(params["top"]) if "top" in params else None
    if params["kind"] == "total":
        return sharing4_total(params["n"], values)
    return sharing4_complement(params["m"], values)


def _sharing4_summary(rows: list[dict[str, str]], bounds: dict) -> dict:
    totals = sorted((r for r in rows if r["kind"] == "total"), key=lambda r: int(r["n"]))
    comps = [r for r in rows if r["kind"] == "complement"]
    counts = [int(r["p_count"]) for r in totals]
    reduced = [int(r["p_reduced"]) for r in totals]
    lemma1 = all(counts[n] == reduced[n] + (counts[n - 4] if n >= 4 else 0)
                 for n in range(len(counts)))
    three = [int(r["p3_count"]) for r in totals]
    positive = [int(r["p3_positive_count"]) for r in totals]
    differs = [n for n, c in enumerate(counts) if c != n // 3]
    ps = [tuple(map(int, p.split("."))) for r in totals for p in _ints_text(r["p_positions"])]
    reduced_ps = {tuple(x - p[0] for x in p) for p in ps}
    top = bounds["total"]
    low = sorted({p[3] - p[0] for p in ps if p[0] == p[1] == p[2]})
    high = sorted({p[3] - p[0] for p in ps if p[1] == p[2] == p[3]})
    return {
        "totals": f"0..{bounds['total']}", "p_count_by_total": counts,
        "reduced_p_count_by_total": reduced,
        "claim_P(n)=P(n-4)+reduced(n) (Lemma 1: adding 1 to every pile)": lemma1,
        "claim_(a,a,b,b)_always_P (mirror strategy)": all(_yes(r["pairs_all_p"]) for r in totals),
        "four_pile_P(n)_vs_floor(n/3)_first_differs_at": differs[0] if differs else None,
        "three_pile_P(n)_by_total": three,
        "three_pile_Proposition_1_P(n)=floor(n/3)_positive_piles_fails_at": [
            n for n, c in enumerate(positive) if c != n // 3][:5],
        "three_pile_with_empty_piles_P(n)=floor(n/3)+1_holds": all(
            c == n // 3 + 1 for n, c in enumerate(three)),
        "P_positions_(0,0,0,m)_have_m_in": low,
        "P_positions_(0,m,m,m)_have_m_in": high,
        "observed_(0,0,2k,2k+1)_is_P_fails_for_k": [
            k for k in range(1, (top - 1) // 4 + 1) if (0, 0, 2 * k, 2 * k + 1) not in reduced_ps],
        "observed_(0,1,c,c)_is_P_for_odd_c_fails_for_c": [
            c for c in range(1, (top - 1) // 2 + 1, 2) if (0, 1, c, c) not in reduced_ps],
        "complement_maxima": f"0..{bounds['complement']}",
        "complement_holds": all(_yes(r["complement_holds"]) for r in comps),
        "complement_witnesses": [r["complement_witness"] for r in comps
                                 if not _yes(r["complement_holds"])],
    }


def _ints_text(text: str) -> list[str]:
    return text.split(";") if text else []


def get_sweep(name: str) -> Sweep:
    """The sweep called ``name``, or a one-line error naming the sweeps."""
    try:
        return SWEEPS[name]
    except KeyError:
        raise InputError(f"unknown sweep {name!r}; the sweeps are: {', '.join(SWEEPS)}") from None


SWEEPS: dict[str, Sweep] = {s.name: s for s in [
    Sweep("cash-conjecture",
          "Section 7 conjecture of NIM with Cash over every set containing 1",
          ["set", "max_element", "n_max", "verdict", "M", "preperiod", "L", "losing_residues",
           "periods_checked", "f_first_period", "f_pattern", "max_f_minus_M_plus_L", "a_holds", "a_witness", "b_holds",
           "b_witness", "note"],
          {"max_element": (10, "largest element of the sets", 14),
           "n": (150, "check n = 0..N", 2000)},
          _cash_jobs, _cash_run, _cash_summary),
    Sweep("sharing-conjectures", "Ho's Conjectures 1-3 on the rows of the Sharing Nim table",
          ["a", "b_max", "max_value", "first_b_of_max", "max_first_half", "max_second_half",
           "periodicity", "period", "preperiod", "full_periods", "conj3_violations",
           "conj3_witness", "cor3_holds", "largest_a_per_g"],
          {"max": (400, "table size B (b <= B)", 40_000), "rows": (60, "rows a = 0..R", 20_000)},
          _sharing_jobs, _sharing_run, _sharing_summary, _sharing_shared),
    Sweep("graph-nim", "Graph Nim on every digraph with 3 and 4 vertices vs Sharing Nim",
          ["vertices", "edges", "arcs", "weakly_connected", "strongly_connected", "tokens",
           "p_count", "sharing_p_count", "same", "only_graph", "only_sharing",
           "first_difference", "first_difference_is_p_in", "sharing_matches_theorem2"],
          {"tokens3": (12, "3 vertices: piles 0..T", 60),
           "tokens4": (6, "4 vertices: piles 0..T", 16)},
          _graph_jobs, _graph_run, _graph_summary),
    Sweep("sharing4", "4-pile Sharing Nim: complement symmetry, P-positions by total",
          ["kind", "n", "m", "positions", "p_count", "p3_count", "p3_positive_count",
           "p_reduced", "floor_n_3",
           "pairs_all_p",
           "p_positions", "complement_holds", "complement_witness"],
          {"total": (40, "totals n = 0..N", 300), "complement": (14, "largest pile m = 0..M", 100)},
          _sharing4_jobs, _sharing4_run, _sharing4_summary),
]}

"""Sharing Nim and Graph Nim (N. B. Ho, "Three-pile Sharing Nim", 2015).

A move takes ``k >= 1`` tokens from one pile and *adds* them to another pile, provided the
receiving pile does not end up larger than the source pile: from sizes ``(s, t)`` the move gives
``(s - k, t + k)`` with ``t + k <= s - k``.  In Sharing Nim a pile may give to any other pile; in
Graph Nim (Section 7) piles sit on the vertices of a directed graph and tokens travel along edges.
Sharing Nim with n piles is Graph Nim on the complete digraph on n vertices, and nimlab defines it
exactly so.

The rule depends only on differences of pile sizes, so adding a constant to every pile changes
nothing (Lemma 1 of the paper); the canonical key subtracts the smallest pile.  Sharing Nim also
ignores the order of the piles.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations
from math import comb
from typing import Iterator, Sequence

from nimlab.errors import IllegalMove, InputError
from nimlab.games.base import (EXACT_BITS, Move, product_bound, split_suffix,
                               sorted_tuples_below)
from nimlab.games.nim import PileGame, Piles
from nimlab.parsing import parse_int_list
from nimlab.references import cite


@dataclass(frozen=True)
class Share(Move):
    """Move ``count`` tokens from pile ``source`` to pile ``target`` (0-based)."""

    source: int
    target: int
    count: int

    def describe(self) -> str:
        noun = "token" if self.count == 1 else "tokens"
        return f"move {self.count} {noun} from pile {self.source + 1} to pile {self.target + 1}"

    def notation(self) -> str:
        return f"{self.source + 1}>{self.target + 1}:{self.count}"


def edge_text(edges: Sequence[tuple[int, int]]) -> str:
    """Edges as ``--edges`` writes them: vertices numbered from 1, like the piles
    (``((0, 1), (1, 2))`` -> ``"1-2,2-3"``)."""
    return ",".join(f"{u + 1}-{v + 1}" for u, v in edges)


def edge_vertices(text: str) -> int:
    """The number of vertices ``--edges`` names (its largest vertex number, counted from 1)."""
    numbers = [int(x) for x in str(text).replace("-", ",").split(",") if x.strip().isdigit()]
    return max(numbers, default=1) or 1


def parse_edges(text: str, vertices: int) -> tuple[tuple[int, int], ...]:
    """Read ``"1-2,2-3"`` (tokens may move from vertex u to vertex v along ``u-v``; vertices are
    numbered from 1, in the order of the position, like the piles) into pairs of 0-based
    indices ``((0, 1), (1, 2))``."""
    edges = []
    for item in str(text).split(","):
        item = item.strip()
        if not item:
            continue
        try:
            u_text, v_text = item.split("-")
            u, v = int(u_text), int(v_text)
        except ValueError:
            raise InputError(f"edge {item!r} is not of the form u-v with vertex numbers, "
                             "e.g. --edges 1-2,2-3") from None
        for w in (u, v):
            if w == 0:
                raise InputError(f"edge {item}: there is no vertex 0; vertices are numbered "
                                 f"from 1 like the piles (1 to {vertices}), e.g. --edges 1-2,2-3")
            if not 1 <= w <= vertices:
                raise InputError(f"edge {item}: vertex {w} does not exist; the position has "
                                 f"{vertices} vertices, numbered 1 to {vertices}")
        u, v = u - 1, v - 1
        if u == v:
            raise InputError(f"edge {item}: a loop moves tokens nowhere; edges join two "
                             "different vertices")
        if (u, v) not in edges:
            edges.append((u, v))
    if not edges:
        raise InputError("--edges is empty: give at least one edge u-v, e.g. --edges 1-2,2-3")
    return tuple(edges)


def positions_between(position: Piles) -> int:
    """At least the number of positions reachable from ``position`` by moving tokens: a move
    never widens the range of the piles (the source keeps at least what the target gets) and
    keeps their total, so every position reached is a tuple of piles in ``min..max`` with the
    same total, counted by inclusion-exclusion (``len(position) + 1`` binomials, no
    enumeration); past :data:`~nimlab.games.base.EXACT_BITS` bits, the bound ``(spread + 1) **
    (piles - 1)`` (the last pile is fixed by the total) from bit lengths.

    >>> positions_between((0, 10, 20, 30, 40)), positions_between((3, 3, 3))
    (1692951, 1)
    """
    n, low = len(position), min(position)
    width = max(position) - low + 1
    if n * width.bit_length() > EXACT_BITS:
        return product_bound(*[width] * (n - 1))
    rest = sum(position) - n * low  # the total above the least pile, over the n piles
    count = 0
    for j in range(n + 1):  # piles forced past the top: inclusion-exclusion
        left = rest - j * width
        if left < 0:
            break
        count += (-1) ** j * comb(n, j) * comb(left + n - 1, n - 1)
    return count


class GraphNim(PileGame):
    """Sharing Nim on a digraph (Ho 2015, Section 7).

    ``edges`` are pairs ``(u, v)`` of 0-based indices (as every index in the code): tokens may
    move from vertex ``u`` to vertex ``v``.  On the command line, in JSON and on the web they are
    numbered from 1, like the piles (:func:`parse_edges`, :func:`edge_text`).
    """

    name = "graph-nim"
    params_are_rules = True
    summary = ("tokens on the vertices of a digraph; move some from u to a successor v, "
               "v ending no larger than u")
    source = cite("sharing", "Section 7 (Graph Nim)")
    fast_paths = ("nimlab.kernels.solvers:GraphNimTable",)
    move_help = "U>V:K (move K tokens from pile U to pile V)"

    @classmethod
    def from_options(cls, position_text: str | None = None, **options):
        """The vertex count is that of the position (or the largest vertex of the edges)."""
        edges_text = str(options["edges"])
        if position_text is not None:
            vertices = len(parse_int_list(split_suffix(position_text)[0], "graph-nim position",
                                          minimum=-10**9))
        else:
            vertices = edge_vertices(edges_text)
        return cls(vertices, parse_edges(edges_text, vertices))

    def estimate_states(self, position: Piles) -> int:
        return positions_between(position)

    def estimate_moves(self, position: Piles) -> int:
        return len(self.routes(position)) * ((max(position) - min(position)) // 2 + 1)

    def draw(self, position: Piles, mover: str = "player to move",
             waiting: str = "other player") -> list[str]:
        lines = super().draw(position)
        if self.vertices is not None:
            edges = ", ".join(f"{u + 1}>{v + 1}" for u, v in self.edges)
            lines.append(f"tokens may move along: {edges}")
        return lines

    def __init__(self, vertices: int, edges: Sequence[tuple[int, int]]):
        if vertices < 1:
            raise InputError("a graph needs at least one vertex")
        self.vertices = vertices
        self.pile_count = vertices
        self.edges = tuple(sorted(set(map(tuple, edges))))
        for u, v in self.edges:
            if not (0 <= u < vertices and 0 <= v < vertices) or u == v:
                raise InputError(f"edge {u + 1}-{v + 1} is not an edge between two of the "
                                 f"vertices 1..{vertices}")

    def params(self) -> dict:
        return {"edges": edge_text(self.edges)}

    def routes(self, position: Piles) -> Sequence[tuple[int, int]]:
        """The pairs ``(u, v)`` along which tokens may move in ``position``."""
        return self.edges

    def legal_moves(self, position: Piles) -> Iterator[Move]:
        for u, v in self.routes(position):
            for count in range(1, (position[u] - position[v]) // 2 + 1):
                yield Share(u, v, count)

    def is_legal(self, position: Piles, move: Move) -> bool:
        return (type(move) is Share and (move.source, move.target) in self.routes(position)
                and 1 <= move.count <= (position[move.source] - position[move.target]) // 2)

    def do_move(self, position: Piles, move: Share) -> Piles:
        piles = list(position)
        piles[move.source] -= move.count
        piles[move.target] += move.count
        return tuple(piles)

    def key(self, position: Piles) -> Piles:
        low = min(position)
        return tuple(x - low for x in position)

    def parse_move(self, text: str, position: Piles) -> Move:
        try:
            route, count_text = text.strip().split(":")
            source_text, target_text = route.split(">")
            source, target, count = int(source_text) - 1, int(target_text) - 1, int(count_text)
        except ValueError:
            raise IllegalMove(f"cannot read move {text!r}: write U>V:K (move K tokens from "
                              "pile U to pile V, piles numbered from 1)") from None
        for pile in (source, target):
            if not 0 <= pile < len(position):
                raise IllegalMove(f"pile {pile + 1} does not exist: piles are numbered 1 to "
                                  f"{len(position)}")
        return Share(source, target, count)

    def why_illegal(self, position: Piles, move: Move) -> str:
        if not isinstance(move, Share):
            return "moves share tokens between two piles"
        if (move.source, move.target) not in self.routes(position):
            return f"tokens may not move from pile {move.source + 1} to pile {move.target + 1}"
        if move.count < 1:
            return "you must move at least one token"
        s, t = position[move.source], position[move.target]
        if move.count > s:
            return (f"pile {move.source + 1} holds only {s} token(s): it cannot give "
                    f"{move.count}")
        return (f"pile {move.target + 1} would hold {t + move.count}, more than the "
                f"{s - move.count} left on pile {move.source + 1}")

    def example(self) -> Piles:
        return tuple(range(2, 2 + 3 * self.vertices, 3))[: self.vertices]


@lru_cache(maxsize=None)
def complete_digraph(n: int) -> tuple[tuple[int, int], ...]:
    """All ordered pairs of distinct vertices of ``range(n)``."""
    return tuple(permutations(range(n), 2))


class SharingNim(GraphNim):
    """Sharing Nim on any number (>= 2) of piles: Graph Nim on the complete digraph.

    The paper studies three piles; Section 7 proposes more piles and Graph Nim.  The number of
    piles is that of the position.
    """

    name = "sharing"
    params_are_rules = True
    table = "sharing"
    summary = "move tokens from one pile to another, which must not end up larger"
    source = f"{cite('sharing')} (3 piles; n piles in Section 7)"
    pile_count = None
    fast_paths = ("nimlab.strategy.sharing:SharingStrategy", "nimlab.kernels.solvers:SharingTable",
                  "nimlab.kernels.solvers:Sharing4Table")

    @classmethod
    def from_options(cls, position_text: str | None = None, **options):
        return cls()

    def estimate_states(self, position: Piles) -> int:
        # a key is the sorted position less its least pile: 0, then a sorted tuple in 0..spread
        spread = max(position) - min(position)
        return min(sorted_tuples_below([spread] * (len(position) - 1)),
                   positions_between(position))

    def __init__(self) -> None:
        self.vertices = None
        self.edges = ()

    def params(self) -> dict:
        return {}

    def routes(self, position: Piles) -> Sequence[tuple[int, int]]:
        return complete_digraph(len(position))

    def key(self, position: Piles) -> Piles:
        low = min(position)
        return tuple(sorted(x - low for x in position))

    def parse(self, text: str) -> Piles:
        position = super().parse(text)
        if len(position) < 2:
            raise InputError(f"Sharing Nim needs at least two piles, got {len(position)}")
        return position

    def example(self) -> Piles:
        return (0, 4, 8)

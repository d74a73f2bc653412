"""``GraphSeq``: HW11 Tasks 2.1 and 3.1-3.3, sequences by list views and graphs by adjacency.

A graph on the vertices ``0 .. n-1`` is a ``vertex Seq.seq Seq.seq``: index ``u`` of the outer
sequence holds the destinations of the edges leaving ``u``. The HW11 handout's Figure 1:

>>> fig1 = Seq.from_list([Seq.from_list(ns) for ns in [[1], [2], [1, 3], [1, 2]]])
>>> get_neighbors(fig1, 2), is_undirected(fig1)
(<1,3>, False)

The weighted form (Section 3.4) stores a weight with each vertex, ``(weight * vertex seq) seq``;
Riskless keeps its territories that way. ``GraphSeq`` is the GRAPHPROBLEMS structure gathering
the four tasks:

>>> GraphSeq.from_edge_seq(Seq.from_list([(0, 1), (1, 0)]), 2)
<<1>,<0>>
"""

from __future__ import annotations

from typing import TypeAlias, TypeVar, final

import attrs

from sml150.lib.seq import Seq

__all__ = [
    "GraphSeq",
    "Vertex",
    "WGraph",
    "from_edge_seq",
    "from_weights",
    "get_neighbors",
    "get_weight",
    "graph",
    "is_undirected",
    "not_in_graph",
    "to_graph",
    "to_list",
    "weights",
    "wget_neighbors",
]

A = TypeVar("A")
W = TypeVar("W")

Vertex: TypeAlias = int
"""SML ``type vertex = int``: a vertex is its index ``0 .. n-1``."""

graph: TypeAlias = Seq[Seq[Vertex]]
"""SML ``type graph = vertex Seq.seq Seq.seq``: the adjacency sequences, indexed by source."""

WGraph: TypeAlias = Seq[tuple[W, Seq[Vertex]]]
"""SML ``type graph = (weight * vertex seq) seq`` (Section 3.4): a weight and the neighbours."""


class not_in_graph(LookupError):
    """SML ``exception not_in_graph``: a vertex outside ``0 .. n-1`` of the graph asked about.

    >>> get_neighbors(Seq.from_list([Seq.empty()]), 4)
    Traceback (most recent call last):
    ...
    sml150.handouts.hw11.graphseq.not_in_graph: vertex 4 is not in the graph of 1 vertices (0..0)
    """


def _not_in_graph(v: Vertex, n: int, what: str = "vertex") -> not_in_graph:
    return not_in_graph(f"{what} {v} is not in the graph of {n} vertices (0..{n - 1})")


# -- Task 2.1 -----------------------------------------------------------------------------------


def to_list(s: Seq[A]) -> list[A]:
    """``to_list : 'a Seq.seq -> 'a list``.

    REQUIRES: true.
    ENSURES: ``to_list s`` holds the elements of ``s`` in order, found by list views
    (``Seq.showl``) in O(n) work and span; it walks iteratively, so a sequence of any length
    converts (no recursion limit).

    >>> to_list(Seq.from_list([3, 1, 2]))
    [3, 1, 2]
    >>> to_list(Seq.empty())
    []
    """
    out: list[A] = []
    rest = s
    # Inv: out @ to_list rest == to_list s
    while True:
        match Seq.showl(rest):
            case Seq.Nil():
                return out
            case Seq.Cons(x, xs):
                out.append(x)
                rest = xs


# -- Task 3.1 -----------------------------------------------------------------------------------


def get_neighbors(g: graph, v: Vertex) -> Seq[Vertex]:
    """``get_neighbors : vertex seq seq -> vertex -> vertex seq``.

    REQUIRES: ``g`` an undirected, connected graph.
    ENSURES: ``get_neighbors g v`` is the sequence of the neighbours of ``v`` (in ``g``'s
    order); raises ``not_in_graph`` (naming ``v`` and the graph's size) if ``v`` is not one of
    ``g``'s vertices.

    >>> g = Seq.from_list([Seq.from_list(ns) for ns in [[1], [0, 3], [3], [1, 2]]])
    >>> get_neighbors(g, 1)
    <0,3>
    """
    n = Seq.length(g)
    if not 0 <= v < n:
        raise _not_in_graph(v, n)
    return Seq.nth(v, g)


# -- Task 3.2 -----------------------------------------------------------------------------------


def from_edge_seq(edges: Seq[tuple[Vertex, Vertex]], n: int) -> graph:
    """``from_edge_seq : (vertex * vertex) seq -> int -> vertex seq seq``.

    REQUIRES: ``n >= 0``; ``edges`` valid edges of a graph on ``0 .. n-1``.
    ENSURES: ``from_edge_seq E n`` is the adjacency representation of the graph with vertices
    ``0 .. n-1`` and edges ``E``: vertex ``u`` lists the ``v`` of each edge ``(u, v)``, in the
    order of ``E``. An edge with an endpoint outside ``0 .. n-1`` raises ``not_in_graph`` naming
    the edge; a negative ``n`` raises ``ValueError``. O(|E| + n) work (buckets in a list
    private to this call).

    >>> from_edge_seq(Seq.from_list([(0, 1), (1, 0), (1, 2), (2, 1)]), 3)
    <<1>,<0,2>,<1>>
    >>> from_edge_seq(Seq.from_list([(0, 5)]), 3)
    Traceback (most recent call last):
    ...
    sml150.handouts.hw11.graphseq.not_in_graph: edge (0, 5): vertex 5 is not in the graph of 3 ...
    """
    if n < 0:
        raise ValueError(f"from_edge_seq: the number of vertices must be >= 0, not {n}")
    buckets: list[list[Vertex]] = [[] for _ in range(n)]
    for u, v in to_list(edges):
        for w in (u, v):
            if not 0 <= w < n:
                raise _not_in_graph(w, n, f"edge ({u}, {v}): vertex")
        buckets[u].append(v)
    return Seq.tabulate(lambda u: Seq.from_list(buckets[u]), n)


# -- Task 3.3 -----------------------------------------------------------------------------------


def is_undirected(g: graph) -> bool:
    """``is_undirected : vertex seq seq -> bool``.

    REQUIRES: every neighbour in ``g`` is a vertex of ``g`` (else ``not_in_graph`` naming it).
    ENSURES: ``is_undirected g`` is true iff for every edge ``(u, v)`` of ``g`` the edge
    ``(v, u)`` is in ``g`` too. O(|E| + n) work (a set of edges private to this call).

    >>> fig1 = Seq.from_list([Seq.from_list(ns) for ns in [[1], [2], [1, 3], [1, 2]]])
    >>> is_undirected(fig1)
    False
    >>> is_undirected(from_edge_seq(Seq.from_list([(0, 1), (1, 0)]), 2))
    True
    """
    n = Seq.length(g)
    edges = {(u, v) for u, ns in enumerate(to_list(g)) for v in to_list(ns)}
    for u, v in edges:
        if not 0 <= v < n:
            raise _not_in_graph(v, n, f"edge ({u}, {v}): vertex")
    return all((v, u) in edges for u, v in edges)


# -- Section 3.4: weighted nodes ----------------------------------------------------------------


def weights(wg: WGraph[W]) -> Seq[W]:
    """``weights : (weight * vertex seq) seq -> weight seq``.

    REQUIRES: true. ENSURES: the weight of each vertex, in vertex order.

    >>> weights(Seq.from_list([("a", Seq.singleton(1)), ("b", Seq.singleton(0))]))
    <'a','b'>
    """
    return Seq.map(lambda node: node[0], wg)


def to_graph(wg: WGraph[W]) -> graph:
    """``to_graph : (weight * vertex seq) seq -> vertex seq seq``.

    REQUIRES: true. ENSURES: the same graph with the weights dropped.

    >>> to_graph(Seq.from_list([("a", Seq.singleton(1)), ("b", Seq.singleton(0))]))
    <<1>,<0>>
    """
    return Seq.map(lambda node: node[1], wg)


def from_weights(ws: Seq[W], g: graph) -> WGraph[W]:
    """``from_weights : weight seq * vertex seq seq -> (weight * vertex seq) seq``.

    REQUIRES: ``length ws == length g`` (else ``ValueError``).
    ENSURES: the weighted graph giving vertex ``i`` the weight ``nth i ws``.

    >>> from_weights(Seq.from_list("ab"), from_edge_seq(Seq.from_list([(0, 1), (1, 0)]), 2))
    <('a', <1>),('b', <0>)>
    """
    if Seq.length(ws) != Seq.length(g):
        raise ValueError(
            f"from_weights: {Seq.length(ws)} weights for a graph of {Seq.length(g)} vertices"
        )
    return Seq.zip(ws, g)


def get_weight(wg: WGraph[W], v: Vertex) -> W:
    """``get_weight : (weight * vertex seq) seq -> vertex -> weight``.

    REQUIRES: true. ENSURES: the weight of ``v``; ``not_in_graph`` if ``v`` is not a vertex.

    >>> get_weight(Seq.from_list([("a", Seq.singleton(1)), ("b", Seq.singleton(0))]), 1)
    'b'
    """
    n = Seq.length(wg)
    if not 0 <= v < n:
        raise _not_in_graph(v, n)
    return Seq.nth(v, wg)[0]


def wget_neighbors(wg: WGraph[W], v: Vertex) -> Seq[Vertex]:
    """``wget_neighbors : (weight * vertex seq) seq -> vertex -> vertex seq``.

    REQUIRES: true. ENSURES: ``get_neighbors`` on a weighted graph (``not_in_graph`` likewise).

    >>> wget_neighbors(Seq.from_list([("a", Seq.singleton(1)), ("b", Seq.singleton(0))]), 0)
    <1>
    """
    n = Seq.length(wg)
    if not 0 <= v < n:
        raise _not_in_graph(v, n)
    return Seq.nth(v, wg)[1]


# -- the structure ------------------------------------------------------------------------------


@final
@attrs.frozen
class _GraphSeq:
    """The GRAPHPROBLEMS structure: the four tasks as members (see the module functions)."""

    def to_list(self, s: Seq[A]) -> list[A]:
        """``val to_list : 'a Seq.seq -> 'a list`` (Task 2.1).

        >>> GraphSeq.to_list(Seq.singleton(1))
        [1]
        """
        return to_list(s)

    def get_neighbors(self, g: graph, v: Vertex) -> Seq[Vertex]:
        """``val get_neighbors : graph -> vertex -> vertex Seq.seq`` (Task 3.1).

        >>> GraphSeq.get_neighbors(Seq.from_list([Seq.singleton(1), Seq.singleton(0)]), 0)
        <1>
        """
        return get_neighbors(g, v)

    def from_edge_seq(self, edges: Seq[tuple[Vertex, Vertex]], n: int) -> graph:
        """``val from_edge_seq : (vertex * vertex) Seq.seq -> int -> graph`` (Task 3.2).

        >>> GraphSeq.from_edge_seq(Seq.empty(), 2)
        <<>,<>>
        """
        return from_edge_seq(edges, n)

    def is_undirected(self, g: graph) -> bool:
        """``val is_undirected : graph -> bool`` (Task 3.3).

        >>> GraphSeq.is_undirected(Seq.from_list([Seq.singleton(1), Seq.empty()]))
        False
        """
        return is_undirected(g)


GraphSeq = _GraphSeq()
"""The GRAPHPROBLEMS structure of HW11 (``structure GraphSeq : GRAPHPROBLEMS``)."""

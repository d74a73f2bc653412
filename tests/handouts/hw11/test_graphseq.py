"""HW11 Tasks 2.1 and 3.1-3.3: ``to_list`` by list views, ``get_neighbors``, ``from_edge_seq``,
``is_undirected``, and the weighted form."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sml150.handouts.hw11.graphseq import (
    GraphSeq,
    from_edge_seq,
    from_weights,
    get_neighbors,
    get_weight,
    graph,
    is_undirected,
    not_in_graph,
    to_graph,
    to_list,
    weights,
    wget_neighbors,
)
from sml150.lib.seq import Seq
from sml150.lib.signatures import GRAPHPROBLEMS


def g_of(adj: list[list[int]]) -> graph:
    return Seq.from_list([Seq.from_list(ns) for ns in adj])


def edges_of(pairs: list[tuple[int, int]]) -> Seq[tuple[int, int]]:
    return Seq.from_list(pairs)


FIG1 = g_of([[1], [2], [1, 3], [1, 2]])


# -- the handout's examples ------------------------------------------------------------------


def test_get_neighbors_handout_example() -> None:
    assert get_neighbors(g_of([[1], [0, 3], [3], [1, 2]]), 1) == Seq.from_list([0, 3])


def test_from_edge_seq_handout_example() -> None:
    assert from_edge_seq(edges_of([(0, 1), (1, 0), (1, 2), (2, 1)]), 3) == g_of([[1], [0, 2], [1]])


def test_figure_1_is_not_undirected() -> None:
    assert not is_undirected(FIG1)


# -- to_list ---------------------------------------------------------------------------------


def test_to_list_small() -> None:
    assert to_list(Seq.empty()) == []
    assert to_list(Seq.singleton("a")) == ["a"]
    assert to_list(Seq.from_list([(1, "a"), (2, "b")])) == [(1, "a"), (2, "b")]


def test_to_list_is_iterative_on_a_long_sequence() -> None:
    n = 100_000
    assert to_list(Seq.tabulate(lambda i: i, n)) == list(range(n))


def test_to_list_of_a_slice() -> None:
    s = Seq.drop(2, Seq.take(5, Seq.tabulate(lambda i: i, 10)))
    assert to_list(s) == [2, 3, 4]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers()))
def test_to_list_is_list(xs: list[int]) -> None:
    s = Seq.from_list(xs)
    assert to_list(s) == list(s) == xs


# -- get_neighbors ---------------------------------------------------------------------------


@pytest.mark.parametrize("v", [-1, 4, 100])
def test_get_neighbors_not_in_graph(v: int) -> None:
    with pytest.raises(not_in_graph, match=rf"vertex {v} is not in the graph of 4 vertices"):
        get_neighbors(FIG1, v)


def test_not_in_graph_is_a_lookup_error() -> None:
    assert issubclass(not_in_graph, LookupError)


def test_get_neighbors_of_each_vertex() -> None:
    assert [list(get_neighbors(FIG1, v)) for v in range(4)] == [[1], [2], [1, 3], [1, 2]]


# -- from_edge_seq ---------------------------------------------------------------------------


def test_from_edge_seq_keeps_edge_order() -> None:
    g = from_edge_seq(edges_of([(0, 2), (1, 0), (0, 1), (2, 0), (0, 3), (3, 0)]), 4)
    assert list(get_neighbors(g, 0)) == [2, 1, 3]


def test_from_edge_seq_isolated_and_empty() -> None:
    assert from_edge_seq(Seq.empty(), 3) == g_of([[], [], []])
    assert from_edge_seq(Seq.empty(), 0) == Seq.empty()


@pytest.mark.parametrize("edge", [(0, 3), (3, 0), (-1, 0), (0, -2)])
def test_from_edge_seq_rejects_an_edge_outside(edge: tuple[int, int]) -> None:
    with pytest.raises(not_in_graph, match=rf"edge \({edge[0]}, {edge[1]}\)"):
        from_edge_seq(edges_of([(0, 1), edge]), 3)


def test_from_edge_seq_rejects_a_negative_size() -> None:
    with pytest.raises(ValueError, match="-1"):
        from_edge_seq(Seq.empty(), -1)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 12).flatmap(
    lambda n: st.tuples(st.just(n), st.lists(st.tuples(st.integers(0, n - 1),
                                                       st.integers(0, n - 1))))))
def test_from_edge_seq_lists_each_edge_once(case: tuple[int, list[tuple[int, int]]]) -> None:
    n, pairs = case
    g = from_edge_seq(edges_of(pairs), n)
    assert Seq.length(g) == n
    for u in range(n):
        assert list(get_neighbors(g, u)) == [v for (w, v) in pairs if w == u]


# -- is_undirected ---------------------------------------------------------------------------


def test_is_undirected_examples() -> None:
    assert is_undirected(g_of([[1], [0, 2], [1]]))
    assert is_undirected(g_of([[], []]))
    assert not is_undirected(g_of([[1], []]))


def test_is_undirected_rejects_a_neighbour_outside() -> None:
    with pytest.raises(not_in_graph, match="edge \\(0, 5\\)"):
        is_undirected(g_of([[5], [0]]))


@st.composite
def symmetric_edges(draw: st.DrawFn) -> tuple[int, list[tuple[int, int]]]:
    n = draw(st.integers(1, 10))
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=20))
    edges = {(u, v) for u, v in pairs if u != v} | {(v, u) for u, v in pairs if u != v}
    ordered = draw(st.permutations(sorted(edges)))
    return n, list(ordered)


@settings(max_examples=80, deadline=None)
@given(symmetric_edges())
def test_symmetric_edge_sets_are_undirected(case: tuple[int, list[tuple[int, int]]]) -> None:
    n, edges = case
    assert is_undirected(from_edge_seq(edges_of(edges), n))


@settings(max_examples=80, deadline=None)
@given(symmetric_edges(), st.data())
def test_dropping_one_direction_is_directed(case: tuple[int, list[tuple[int, int]]],
                                            data: st.DataObject) -> None:
    n, edges = case
    if not edges:
        return
    dropped = data.draw(st.sampled_from(edges))
    assert not is_undirected(from_edge_seq(edges_of([e for e in edges if e != dropped]), n))


# -- the weighted form and the structure -------------------------------------------------------


def test_weighted_graph_helpers() -> None:
    g = g_of([[1], [0, 2], [1]])
    wg = from_weights(Seq.from_list(["a", "b", "c"]), g)
    assert weights(wg) == Seq.from_list(["a", "b", "c"])
    assert to_graph(wg) == g
    assert get_weight(wg, 1) == "b"
    assert wget_neighbors(wg, 1) == Seq.from_list([0, 2])
    with pytest.raises(not_in_graph):
        get_weight(wg, 3)
    with pytest.raises(not_in_graph):
        wget_neighbors(wg, -1)
    with pytest.raises(ValueError, match="2 weights for a graph of 3 vertices"):
        from_weights(Seq.from_list(["a", "b"]), g)


def test_graphseq_structure() -> None:
    gp: GRAPHPROBLEMS = GraphSeq
    assert gp.to_list(Seq.from_list([1, 2])) == [1, 2]
    assert gp.get_neighbors(FIG1, 2) == Seq.from_list([1, 3])
    assert gp.from_edge_seq(edges_of([(0, 1), (1, 0)]), 2) == g_of([[1], [0]])
    assert not gp.is_undirected(FIG1)

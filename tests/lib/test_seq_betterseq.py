"""The 2016 HW10 offering's sequence functions (``BetterSeq`` and its tupled ``update``).

The course code is ``functor BetterSeq (Seq : SEQUENCE) : BETTERSEQ`` with

- ``insert x S i = tabulate (fn ind => if ind = i then x else nth ind S) (length S)``,
- ``mapIdx f S = tabulate (fn i => f (nth i S, i)) (length S)``,
- ``extractSomes S = map valOf (filter isSome S)``,

over the Spring 2016 SEQUENCE, whose ``update : 'a seq * int * 'a -> 'a seq`` "raises Subscript
if out of bounds". Each law below is that definition, written over Python lists.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from returns.maybe import Maybe, Nothing, Some

from sml150.lib.seq import Range, Seq, Subscript

ints = st.lists(st.integers(-50, 50), max_size=30)
# Views of sub-ranges share a backing tuple: the laws must hold for those too.
sliced = st.tuples(ints, st.integers(0, 4)).map(
    lambda t: Seq.drop(min(t[1], len(t[0])), Seq.from_list(t[0]))
)
any_seq = st.one_of(ints.map(Seq.from_list), sliced)
maybes = st.lists(st.one_of(st.just(Nothing), st.integers().map(Some)), max_size=30)


@given(st.integers(), any_seq, st.integers(-3, 40))
def test_insert_replaces_index_i_as_the_course_code_does(x: int, s: Seq[int], i: int) -> None:
    xs = Seq.to_list(s)
    expected = [x if j == i else xs[j] for j in range(len(xs))]  # tabulate over length S
    assert Seq.to_list(Seq.insert(x, s, i)) == expected
    assert Seq.to_list(s) == xs  # s is unchanged


@given(any_seq, st.integers(-3, 40))
def test_insert_out_of_range_gives_the_sequence_unchanged(s: Seq[int], i: int) -> None:
    if not 0 <= i < len(s):
        assert Seq.insert(99, s, i) == s


def test_insert_on_a_board_row() -> None:
    # make_move of the 2016 solution: insert (insert (SOME e) (nth i b) j) b i
    b = Seq.tabulate(lambda _: Seq.repeat(3, "."), 3)
    b2 = Seq.insert(Seq.insert("O", Seq.nth(1, b), 2), b, 1)
    assert [Seq.to_list(row) for row in b2] == [[".", ".", "."], [".", ".", "O"], [".", ".", "."]]


@given(any_seq)
def test_map_idx_passes_element_then_index(s: Seq[int]) -> None:
    xs = Seq.to_list(s)
    assert Seq.to_list(Seq.map_idx(lambda x, i: (x, i), s)) == [(x, i) for i, x in enumerate(xs)]


@given(any_seq)
def test_map_idx_calls_f_left_to_right(s: Seq[int]) -> None:
    seen: list[int] = []

    def f(x: int, i: int) -> int:
        seen.append(i)
        return x

    assert Seq.map_idx(f, s) == s
    assert seen == list(range(len(s)))


@given(maybes)
def test_extract_somes_keeps_the_somes_in_order(ms: list[Maybe[int]]) -> None:
    expected = [m.unwrap() for m in ms if m != Nothing]
    assert Seq.to_list(Seq.extract_somes(Seq.from_list(ms))) == expected


def test_extract_somes_keeps_some_none() -> None:
    # SOME of a unit-like value is still a SOME
    assert Seq.to_list(Seq.extract_somes(Seq.from_list([Some(None), Nothing]))) == [None]


@given(any_seq, st.integers(-3, 40), st.integers())
def test_both_update_shapes_agree_in_range(s: Seq[int], i: int, x: int) -> None:
    if 0 <= i < len(s):
        xs = Seq.to_list(s)
        expected = [*xs[:i], x, *xs[i + 1 :]]
        assert Seq.to_list(Seq.update(s, (i, x))) == expected
        assert Seq.to_list(Seq.update(s, i, x)) == expected
        assert Seq.to_list(s) == xs


@given(any_seq, st.integers(-3, 40))
def test_each_update_shape_raises_its_own_exception(s: Seq[int], i: int) -> None:
    if not 0 <= i < len(s):
        with pytest.raises(Range):
            Seq.update(s, (i, 0))  # HW11: update (s, (i, x)) raises Range
        with pytest.raises(Subscript):
            Seq.update(s, i, 0)  # 2016: update (s, i, x) raises Subscript


def test_range_and_subscript_are_distinct_exceptions() -> None:
    # SML's handle Range would not catch Subscript, nor the reverse
    assert not issubclass(Subscript, Range)
    assert not issubclass(Range, Subscript)
    assert issubclass(Subscript, IndexError)


def test_update_refuses_a_malformed_call() -> None:
    s = Seq.from_list([1, 2])
    with pytest.raises(TypeError, match=r"Seq\.update"):
        Seq.update(s, 0)  # type: ignore[call-overload]  # a wrong type on purpose: its refusal is what is tested


def test_update_of_a_tuple_element_keeps_the_hw11_shape() -> None:
    # a sequence of pairs: (i, x) with x a pair, and the 2016 shape with the pair as x
    s = Seq.from_list([(0, 0), (1, 1)])
    assert Seq.update(s, (1, (5, 5))) == Seq.from_list([(0, 0), (5, 5)])
    assert Seq.update(s, 1, (5, 5)) == Seq.from_list([(0, 0), (5, 5)])

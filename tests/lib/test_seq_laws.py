"""Laws of the SEQUENCE structure, checked with hypothesis."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sml150.lib.seq import Cons, Empty, Leaf, Nil, Node, Range, Seq

ints = st.lists(st.integers(-50, 50), max_size=40)
seqs = ints.map(Seq.from_list)
# Views of sub-ranges share a backing tuple: laws must hold for those too.
sliced = st.tuples(ints, st.integers(0, 5), st.integers(0, 5)).map(
    lambda t: Seq.drop(min(t[1], len(t[0])), Seq.from_list(t[0]))
)
any_seq = st.one_of(seqs, sliced)


def to_list_by_showl(s: Seq[int]) -> list[int]:
    out: list[int] = []
    while True:
        match Seq.showl(s):
            case Nil():
                return out
            case Cons(x, xs):
                out.append(x)
                s = xs


@given(any_seq)
def test_showl_hidel_roundtrip(s: Seq[int]) -> None:
    v = Seq.showl(s)
    assert Seq.showl(Seq.hidel(v)) == v
    assert Seq.hidel(v) == s


@given(any_seq)
def test_hidet_showt_roundtrip(s: Seq[int]) -> None:
    assert Seq.hidet(Seq.showt(s)) == s


@given(any_seq)
def test_showt_splits_at_half(s: Seq[int]) -> None:
    match Seq.showt(s):
        case Empty():
            assert len(s) == 0
        case Leaf(x):
            assert list(s) == [x]
        case Node(left, right):
            assert len(left) == len(s) // 2
            assert list(left) + list(right) == list(s)


@given(st.integers(0, 60))
def test_tabulate_nth(n: int) -> None:
    s = Seq.tabulate(lambda i: i * i - 3, n)
    assert Seq.length(s) == n
    assert all(Seq.nth(i, s) == i * i - 3 for i in range(n))


@given(any_seq, any_seq)
def test_append_split(s1: Seq[int], s2: Seq[int]) -> None:
    joined = Seq.append(s1, s2)
    assert Seq.split(len(s1), joined) == (s1, s2)
    assert Seq.take(len(s1), joined) == s1
    assert Seq.drop(len(s1), joined) == s2


@given(any_seq)
def test_map_fusion(s: Seq[int]) -> None:
    f: Callable[[int], int] = lambda x: 3 * x + 1  # noqa: E731 -- a law over named functions
    g: Callable[[int], str] = str
    assert Seq.map(g, Seq.map(f, s)) == Seq.map(lambda x: g(f(x)), s)


@given(any_seq)
def test_mapreduce_is_reduce_of_map(s: Seq[int]) -> None:
    # a non-associative, non-commutative combiner: the bracketing must agree exactly
    def c(a: str, b: str) -> str:
        return f"({a}.{b})"

    assert Seq.mapreduce(str, "b", c, s) == Seq.reduce(c, "b", Seq.map(str, s))


@given(any_seq)
def test_reduce_is_a_right_fold(s: Seq[int]) -> None:
    expected = "b"
    for x in reversed(list(s)):
        expected = f"({x}.{expected})"
    assert Seq.reduce(lambda a, b: f"({a}.{b})", "b", Seq.map(str, s)) == expected


@given(any_seq)
def test_to_list_by_showl(s: Seq[int]) -> None:
    assert to_list_by_showl(s) == Seq.to_list(s) == list(s)


@given(any_seq, any_seq)
def test_equality_and_hash_by_contents(s1: Seq[int], s2: Seq[int]) -> None:
    assert (s1 == s2) == (list(s1) == list(s2))
    if s1 == s2:
        assert hash(s1) == hash(s2)
    assert Seq.from_list(list(s1)) == s1


@given(any_seq, st.integers(-5, 50))
def test_nth_range(s: Seq[int], i: int) -> None:
    if 0 <= i < len(s):
        assert Seq.nth(i, s) == list(s)[i]
    else:
        message = rf"index {i} out of range for a sequence of length {len(s)}"
        with pytest.raises(Range, match=message):
            Seq.nth(i, s)


@given(any_seq, st.integers(0, 40), st.integers(-3, 3))
def test_update_is_persistent(s: Seq[int], i: int, x: int) -> None:
    before = list(s)
    if i < len(s):
        t = Seq.update(s, (i, x))
        assert list(s) == before
        assert Seq.nth(i, t) == x
        assert [Seq.nth(j, t) for j in range(len(s)) if j != i] == [
            v for j, v in enumerate(before) if j != i
        ]
    else:
        with pytest.raises(Range):
            Seq.update(s, (i, x))


@given(any_seq)
def test_filter_zip_flatten_cons(s: Seq[int]) -> None:
    assert list(Seq.filter(lambda x: x > 0, s)) == [x for x in s if x > 0]
    assert list(Seq.zip(s, Seq.map(str, s))) == [(x, str(x)) for x in s]
    assert list(Seq.flatten(Seq.map(lambda x: Seq.repeat(2, x), s))) == [
        y for x in s for y in (x, x)
    ]
    assert list(Seq.cons(99, s)) == [99, *s]


def test_slicing_is_constant_time_views() -> None:
    big = Seq.tabulate(lambda i: i, 100_000)
    left, right = Seq.split(50_000, big)
    # a view shares its parent's backing tuple: nothing was copied
    assert left._items is big._items and right._items is big._items
    match Seq.showl(right):
        case Cons(x, rest):
            assert x == 50_000 and rest._items is big._items
        case Nil():
            pytest.fail("right half is empty")


def test_errors_name_what_was_wrong() -> None:
    s = Seq.from_list([1, 2])
    with pytest.raises(Range, match="index -1"):
        Seq.nth(-1, s)
    with pytest.raises(Range, match="empty"):
        Seq.reduce1(max, Seq.empty())
    with pytest.raises(Range, match="count 3"):
        Seq.take(3, s)
    with pytest.raises(Range, match="negative length -1"):
        Seq.tabulate(lambda i: i, -1)
    assert Seq.to_string(str, s) == "<1,2>"
    assert Seq.null(Seq.empty()) and not Seq.null(s)

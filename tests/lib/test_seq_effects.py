"""The order of side effects of every Seq function that calls a user function.

Each function is run with recording arguments and compared with its SML definition in the
course library, written here as plain recursion over Python lists (SML evaluates a function's
arguments left to right, then applies it; a right fold applies ``f`` innermost first):

- ``tabulate f n``: ``f 0, ..., f (n-1)``; ``map``, ``filter``, ``toString``: left to right;
- ``reduce f b <x0, ..., xn-1> = f (x0, reduce f b <x1, ...>)``: a right fold, so the first call
  is ``f (xn-1, b)``;
- ``reduce1 f s``: ``reduce`` with the last element as the base;
- ``mapreduce f b c = reduce c b o map f``: every ``f`` left to right, then the ``c`` fold.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sml150.lib.seq import Range, Seq
from sml150.lib.sequtils import SeqUtils

A = TypeVar("A")
B = TypeVar("B")

Log = list[tuple[str, ...]]

ints = st.lists(st.integers(-9, 9), max_size=12)
# A sequence and the Python list it holds; views of sub-ranges share a backing tuple.
seq_and_list = st.tuples(ints, st.integers(0, 3), st.integers(0, 3)).map(
    lambda t: (
        Seq.take(
            max(0, len(t[0]) - min(t[1], len(t[0])) - t[2]),
            Seq.drop(min(t[1], len(t[0])), Seq.from_list(t[0])),
        ),
        t[0][min(t[1], len(t[0])) : max(min(t[1], len(t[0])), len(t[0]) - t[2])],
    )
)


def recorder(log: Log, name: str) -> Callable[[int], str]:
    """A unary function that logs its argument and returns it as text."""

    def f(x: int) -> str:
        log.append((name, str(x)))
        return str(x)

    return f


def combiner(log: Log) -> Callable[[str, str], str]:
    """A binary function that logs both arguments and shows the bracketing in its result."""

    def c(x: str, y: str) -> str:
        log.append(("c", x, y))
        return f"({x}+{y})"

    return c


def is_even(log: Log) -> Callable[[int], bool]:
    def p(x: int) -> bool:
        log.append(("p", str(x)))
        return x % 2 == 0

    return p


# -- the SML definitions -------------------------------------------------------------------


def sml_map(f: Callable[[A], B], xs: list[A]) -> list[B]:
    return [] if not xs else [f(xs[0]), *sml_map(f, xs[1:])]


def sml_filter(p: Callable[[A], bool], xs: list[A]) -> list[A]:
    if not xs:
        return []
    keep = p(xs[0])
    rest = sml_filter(p, xs[1:])
    return [xs[0], *rest] if keep else rest


def sml_reduce(f: Callable[[A, A], A], b: A, xs: list[A]) -> A:
    return b if not xs else f(xs[0], sml_reduce(f, b, xs[1:]))


def sml_reduce1(f: Callable[[A, A], A], xs: list[A]) -> A:
    return sml_reduce(f, xs[-1], xs[:-1])


def sml_mapreduce(f: Callable[[A], B], b: B, c: Callable[[B, B], B], xs: list[A]) -> B:
    return sml_reduce(c, b, sml_map(f, xs))


# -- the laws ------------------------------------------------------------------------------


@given(st.integers(0, 12))
def test_tabulate_calls_f_from_0_up(n: int) -> None:
    got: Log = []
    want: Log = []
    assert list(Seq.tabulate(recorder(got, "f"), n)) == sml_map(recorder(want, "f"), list(range(n)))
    assert got == want


@given(seq_and_list)
def test_map_left_to_right(sl: tuple[Seq[int], list[int]]) -> None:
    s, xs = sl
    got: Log = []
    want: Log = []
    assert list(Seq.map(recorder(got, "f"), s)) == sml_map(recorder(want, "f"), xs)
    assert list(Seq.map(recorder(got, "g"))(s)) == sml_map(recorder(want, "g"), xs)
    assert got == want


@given(seq_and_list)
def test_filter_left_to_right(sl: tuple[Seq[int], list[int]]) -> None:
    s, xs = sl
    got: Log = []
    want: Log = []
    assert list(Seq.filter(is_even(got), s)) == sml_filter(is_even(want), xs)
    assert list(Seq.filter(is_even(got))(s)) == sml_filter(is_even(want), xs)
    assert got == want


@given(seq_and_list)
def test_to_string_left_to_right(sl: tuple[Seq[int], list[int]]) -> None:
    s, xs = sl
    got: Log = []
    want: Log = []
    assert Seq.to_string(recorder(got, "f"), s) == "<" + ",".join(
        sml_map(recorder(want, "f"), xs)
    ) + ">"
    assert got == want


@given(seq_and_list)
def test_reduce_is_a_right_fold(sl: tuple[Seq[int], list[int]]) -> None:
    s, xs = sl
    got: Log = []
    want: Log = []
    texts = Seq.map(str, s)
    assert Seq.reduce(combiner(got), "b", texts) == sml_reduce(
        combiner(want), "b", [str(x) for x in xs]
    )
    assert got == want


@given(seq_and_list)
def test_reduce1_is_reduce_with_the_last_as_base(sl: tuple[Seq[int], list[int]]) -> None:
    s, xs = sl
    texts = Seq.map(str, s)
    if not xs:
        with pytest.raises(Range):
            Seq.reduce1(combiner([]), texts)
        with pytest.raises(Range):
            SeqUtils.reduce1(combiner([]), texts)
        return
    for reduce1 in (Seq.reduce1, SeqUtils.reduce1):
        got: Log = []
        want: Log = []
        assert reduce1(combiner(got), texts) == sml_reduce1(combiner(want), [str(x) for x in xs])
        assert got == want


@given(seq_and_list)
def test_mapreduce_is_reduce_after_map(sl: tuple[Seq[int], list[int]]) -> None:
    s, xs = sl
    got: Log = []
    want: Log = []
    result = Seq.mapreduce(recorder(got, "f"), "b", combiner(got), s)
    assert result == sml_mapreduce(recorder(want, "f"), "b", combiner(want), xs)
    assert got == want


def test_mapreduce_prints_leaves_left_to_right(capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's case: a parallel part written as one mapreduce prints its leaves in order."""

    def leaf(name: str) -> int:
        print(f"Estimating state {name}")
        return len(name)

    total = Seq.mapreduce(leaf, 0, lambda x, y: x + y, Seq.from_list(["e", "ff", "ggg"]))
    assert total == 6
    assert capsys.readouterr().out.splitlines() == [
        "Estimating state e",
        "Estimating state ff",
        "Estimating state ggg",
    ]

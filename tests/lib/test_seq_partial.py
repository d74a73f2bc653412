"""Partial application: a prefix of a SEQUENCE function's arguments is the function of the rest.

SML curries ``Seq.reduce f b s``, so ``Seq.reduce f b`` is a function of the sequence; in Python
``Seq.reduce(f, b)(s)`` must equal ``Seq.reduce(f, b, s)``, side effects and exceptions included,
for every function whose first argument is a function.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sml150.lib.seq import Range, Seq
from sml150.lib.sequtils import SeqUtils

ints = st.lists(st.integers(-50, 50), max_size=30)
any_seq = st.one_of(
    ints.map(Seq.from_list),
    ints.map(lambda xs: Seq.drop(min(2, len(xs)), Seq.from_list(xs))),
)


def recording(log: list[Any], f: Callable[..., Any]) -> Callable[..., Any]:
    def g(*args: Any) -> Any:
        log.append(args)
        return f(*args)

    return g


def same_calls(full: Callable[[list[Any]], Any], curried: Callable[[list[Any]], Any]) -> None:
    """Both forms give the same result (or raise the same exception) after the same calls."""
    log_full: list[Any] = []
    log_curried: list[Any] = []
    try:
        expected: Any = full(log_full)
    except Exception as e:  # the curried form must raise the same
        with pytest.raises(type(e)):
            curried(log_curried)
    else:
        assert curried(log_curried) == expected
    assert log_curried == log_full


@given(any_seq)
def test_one_argument_prefixes(s: Seq[int]) -> None:
    def neg(x: int) -> int:
        return -x

    def odd(x: int) -> bool:
        return x % 2 == 1

    same_calls(lambda log: Seq.map(recording(log, neg), s),
               lambda log: Seq.map(recording(log, neg))(s))
    same_calls(lambda log: Seq.filter(recording(log, odd), s),
               lambda log: Seq.filter(recording(log, odd))(s))
    same_calls(lambda log: Seq.to_string(recording(log, str), s),
               lambda log: Seq.to_string(recording(log, str))(s))
    same_calls(lambda log: Seq.map_idx(recording(log, operator.mul), s),
               lambda log: Seq.map_idx(recording(log, operator.mul))(s))
    same_calls(lambda log: Seq.reduce1(recording(log, operator.sub), s),
               lambda log: Seq.reduce1(recording(log, operator.sub))(s))
    same_calls(lambda log: SeqUtils.reduce1(recording(log, operator.sub), s),
               lambda log: SeqUtils.reduce1(recording(log, operator.sub))(s))


@given(st.integers(-2, 20))
def test_tabulate_prefix(n: int) -> None:
    same_calls(lambda log: Seq.tabulate(recording(log, lambda i: i * i), n),
               lambda log: Seq.tabulate(recording(log, lambda i: i * i))(n))


@given(any_seq, st.integers(-5, 5))
def test_reduce_prefixes(s: Seq[int], b: int) -> None:
    # subtraction is not associative: the right-fold bracketing shows
    def full(log: list[Any]) -> int:
        return Seq.reduce(recording(log, operator.sub), b, s)

    same_calls(full, lambda log: Seq.reduce(recording(log, operator.sub), b)(s))
    same_calls(full, lambda log: Seq.reduce(recording(log, operator.sub))(b, s))


@given(any_seq, st.integers(-5, 5))
def test_mapreduce_prefixes(s: Seq[int], b: int) -> None:
    def full(log: list[Any]) -> int:
        return Seq.mapreduce(recording(log, abs), b, recording(log, operator.sub), s)

    same_calls(full, lambda log: Seq.mapreduce(
        recording(log, abs), b, recording(log, operator.sub))(s))
    same_calls(full, lambda log: Seq.mapreduce(recording(log, abs), b)(
        recording(log, operator.sub), s))
    same_calls(full, lambda log: Seq.mapreduce(recording(log, abs))(
        b, recording(log, operator.sub), s))


def test_none_is_a_base_value_not_a_missing_argument() -> None:
    s = Seq.from_list([None, None])
    assert Seq.reduce(lambda x, y: y, None, s) is None
    assert Seq.reduce(lambda x, y: y, None)(s) is None
    assert Seq.mapreduce(lambda x: x, None, lambda x, y: y, s) is None


def test_a_curried_function_can_be_reused() -> None:
    total = Seq.reduce(operator.add, 0)
    assert [total(Seq.tabulate(lambda i: i, n)) for n in range(5)] == [0, 0, 1, 3, 6]


def test_the_curried_form_reports_errors_when_applied() -> None:
    first_of_empty = Seq.reduce1(operator.add)
    with pytest.raises(Range):
        first_of_empty(Seq.empty())
    with pytest.raises(Range):
        Seq.tabulate(lambda i: i)(-1)

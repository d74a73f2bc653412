"""HW10 look-and-say on sequences (Tasks 5.7, 5.8): the handout's examples and properties."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from sml150.handouts.hw10.las import LookAndSay, las_wrap, look_and_say
from sml150.lib.seq import Seq


def streq(a: str, b: str) -> bool:
    return a == b


def seq(*xs: str) -> Seq[str]:
    return Seq.from_list(xs)


def runs(*pairs: tuple[int, str]) -> Seq[tuple[int, str]]:
    return Seq.from_list(pairs)


def test_handout_examples() -> None:
    assert look_and_say(streq, seq("hi", "hi", "hi")) == runs((3, "hi"))
    assert look_and_say(streq, seq("bye", "hi", "hi")) == runs((1, "bye"), (2, "hi"))
    assert las_wrap(streq, seq("bye", "hi", "hi", "bye")) == runs((2, "bye"), (2, "hi"))
    assert las_wrap(streq, seq("bye", "hi", "bye", "hi")) == runs(
        (1, "bye"), (1, "hi"), (1, "bye"), (1, "hi")
    )


def test_edge_cases() -> None:
    assert look_and_say(streq, seq()) == Seq.empty()
    assert las_wrap(streq, seq()) == Seq.empty()
    assert look_and_say(streq, seq("a")) == runs((1, "a"))
    assert las_wrap(streq, seq("a")) == runs((1, "a"))
    # an all-equal cycle is one run: not split, not counted twice
    assert las_wrap(streq, seq("a", "a", "a")) == runs((3, "a"))
    # the wrapped run goes first even when it is mostly at the end
    assert las_wrap(streq, seq("a", "b", "a", "a")) == runs((3, "a"), (1, "b"))
    assert las_wrap(streq, seq("a", "b")) == runs((1, "a"), (1, "b"))
    assert LookAndSay.las_wrap(streq, seq("x", "x", "y", "x")) == runs((3, "x"), (1, "y"))


def test_values_are_the_runs_first_elements() -> None:
    def ci(a: str, b: str) -> bool:
        return a.lower() == b.lower()

    assert look_and_say(ci, seq("A", "a", "B", "b", "b")) == runs((2, "A"), (3, "B"))
    # the wrapped run carries the value of the sequence's first element
    assert las_wrap(ci, seq("a", "B", "A")) == runs((2, "a"), (1, "B"))


def test_linear_on_long_input() -> None:
    n = 200_000
    s = Seq.tabulate(lambda i: i // 3, n)
    r = look_and_say(lambda a, b: a == b, s)
    assert Seq.length(r) == (n + 2) // 3
    assert Seq.length(las_wrap(lambda a, b: a == b, Seq.repeat(n, 0))) == 1


small = st.lists(st.sampled_from("abc"), max_size=30)


def expand(r: Seq[tuple[int, str]]) -> list[str]:
    return [x for k, x in r for _ in range(k)]


@settings(max_examples=300, deadline=None)
@given(small)
def test_look_and_say_properties(xs: list[str]) -> None:
    """Runs are non-empty, sum to the length, expand back to the input, and differ from
    their neighbours."""
    r = look_and_say(streq, Seq.from_list(xs))
    assert all(k >= 1 for k, _ in r)
    assert sum(k for k, _ in r) == len(xs)
    assert expand(r) == xs
    pairs = list(r)
    assert all(a[1] != b[1] for a, b in itertools.pairwise(pairs))


def rotations(xs: list[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    return [xs[i:] + xs[:i] for i in range(max(len(xs), 1))]


@settings(max_examples=300, deadline=None)
@given(small, st.integers(0, 40))
def test_las_wrap_properties(xs: list[str], k: int) -> None:
    """las_wrap counts sum to the length; cyclic neighbours differ; it is look_and_say when
    the ends differ; rotating the input rotates the result (a cycle has no start); an
    all-equal cycle is one run."""
    w = list(las_wrap(streq, Seq.from_list(xs)))
    assert sum(c for c, _ in w) == len(xs)
    if len(w) >= 2:
        assert all(w[i][1] != w[(i + 1) % len(w)][1] for i in range(len(w)))
    if xs and xs[0] != xs[-1]:
        assert w == list(look_and_say(streq, Seq.from_list(xs)))
    if xs and len(set(xs)) == 1:
        assert w == [(len(xs), xs[0])]
    if xs:
        i = k % len(xs)
        rotated = list(las_wrap(streq, Seq.from_list(xs[i:] + xs[:i])))
        assert rotated in rotations(w)
        # the wrapped (first) run starts with the input's first element, by the cycle
        assert w[0][1] == xs[0]

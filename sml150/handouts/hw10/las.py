"""``LookAndSay``: look-and-say on sequences, with the list view (HW10 Tasks 5.7 and 5.8).

``look_and_say eq s`` "says" ``s``: one ``(count, value)`` pair per run of ``eq``-equal
elements. ``las_wrap`` does the same for ``s`` read as a cycle, the last element next to the
first.

>>> streq = lambda a, b: a == b
>>> look_and_say(streq, Seq.from_list(["bye", "hi", "hi"]))
<(1, 'bye'),(2, 'hi')>
>>> las_wrap(streq, Seq.from_list(["bye", "hi", "hi", "bye"]))
<(2, 'bye'),(2, 'hi')>
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, final

from sml150.lib.seq import Seq

__all__ = ["LookAndSay", "las_wrap", "look_and_say"]

A = TypeVar("A")


def look_and_say(eq: Callable[[A, A], bool], s: Seq[A]) -> Seq[tuple[int, A]]:
    """Task 5.7. ``look_and_say : ('a * 'a -> bool) -> 'a Seq.seq -> (int * 'a) Seq.seq``.

    REQUIRES: ``eq`` is an equivalence relation.
    ENSURES: one pair ``(k, x)`` per maximal run of ``k >= 1`` consecutive ``eq``-equal
    elements, in order, where ``x`` is the run's first element; so the counts sum to
    ``length s`` and consecutive pairs hold values that are not ``eq``. O(n): it walks ``s``
    with ``Seq.showl``, comparing each element with the run's first.

    >>> streq = lambda a, b: a == b
    >>> look_and_say(streq, Seq.from_list(["hi", "hi", "hi"]))
    <(3, 'hi')>
    >>> look_and_say(streq, Seq.from_list(["bye", "hi", "hi"]))
    <(1, 'bye'),(2, 'hi')>
    >>> look_and_say(streq, Seq.empty())
    <>
    """
    runs: list[tuple[int, A]] = []  # the result so far; private to this call
    rest = s
    # Inv: runs says the elements of s before rest, the last run possibly still growing.
    while True:
        match Seq.showl(rest):
            case Seq.Nil():
                return Seq.from_list(runs)
            case Seq.Cons(x, tail):
                if runs and eq(runs[-1][1], x):
                    runs[-1] = (runs[-1][0] + 1, runs[-1][1])
                else:
                    runs.append((1, x))
                rest = tail


def las_wrap(eq: Callable[[A, A], bool], s: Seq[A]) -> Seq[tuple[int, A]]:
    """Task 5.8. ``las_wrap : ('a * 'a -> bool) -> 'a Seq.seq -> (int * 'a) Seq.seq``.

    REQUIRES: ``eq`` is an equivalence relation.
    ENSURES: the look-and-say of ``s`` read as a cycle. If the first and the last element lie
    in one run that wraps around, that run comes first, counted once, carrying the value of
    ``s``'s first element; otherwise the result is ``look_and_say eq s``. Edge cases: the
    empty sequence gives ``<>``; a cycle of ``eq``-equal elements (a singleton included) is a
    single run ``<(n, x)>``, never split or doubled. The counts sum to ``length s``. O(n).

    >>> streq = lambda a, b: a == b
    >>> las_wrap(streq, Seq.from_list(["bye", "hi", "hi", "bye"]))
    <(2, 'bye'),(2, 'hi')>
    >>> las_wrap(streq, Seq.from_list(["bye", "hi", "bye", "hi"]))
    <(1, 'bye'),(1, 'hi'),(1, 'bye'),(1, 'hi')>
    >>> las_wrap(streq, Seq.from_list(["hi", "hi"]))
    <(2, 'hi')>
    """
    runs = look_and_say(eq, s)
    k = Seq.length(runs)
    if k < 2:
        return runs
    n_first, x_first = Seq.nth(0, runs)
    n_last, x_last = Seq.nth(k - 1, runs)
    if not eq(x_first, x_last):
        return runs
    middle = Seq.drop(1, Seq.take(k - 1, runs))
    return Seq.cons((n_last + n_first, x_first), middle)


@final
class LookAndSay:
    """The ``LookAndSay`` structure of ``las.sml``: ``look_and_say`` and ``las_wrap``.

    >>> LookAndSay.look_and_say(lambda a, b: a == b, Seq.from_list([1, 1, 2]))
    <(2, 1),(1, 2)>
    """

    look_and_say = staticmethod(look_and_say)
    las_wrap = staticmethod(las_wrap)

"""Curried calls of the SEQUENCE functions type-check under ``mypy --strict``; wrong ones do not.

Every function whose first SML argument is a function takes a prefix of its arguments and returns
the function of the rest (``Seq.filter f s`` is ``Seq.filter(f, s)`` or ``Seq.filter(f)(s)``).
Nothing here runs; ``mypy --strict`` checks it, and with ``warn_unused_ignores`` each
``# type: ignore[...]`` fails the check once the error vanishes.
"""

from __future__ import annotations

import operator

from returns.maybe import Maybe, Nothing, Some

from sml150._toolz import pipe
from sml150.lib.seq import Seq
from sml150.lib.sequtils import SeqUtils


def positive(x: int) -> bool:
    return x > 0


def show(x: int) -> str:
    return str(x)


def add(x: int, y: int) -> int:
    return x + y


def width(w: str) -> int:
    return len(w)


def label(w: str, i: int) -> str:
    return f"{i}:{w}"


def curried_forms_keep_their_types() -> None:
    s = Seq.from_list([1, 2, 3])
    words = Seq.from_list(["ab", "c"])
    kept: Seq[int] = Seq.filter(positive)(s)
    shown: Seq[str] = Seq.map(show)(s)
    # Seq is covariant: str takes any object, and a Seq[int] is a Seq[object]
    printed: Seq[str] = Seq.map(str)(s)
    text: str = Seq.to_string(show)(s)
    squares: Seq[int] = Seq.tabulate(lambda i: i * i)(4)
    total: int = Seq.reduce(add, 0)(s)
    total_b: int = Seq.reduce(add)(0, s)
    total_op: int = Seq.reduce(operator.add, 0)(s)
    # a lambda gets its parameter types from b, given in the same call
    total_lambda: int = Seq.reduce(lambda x, y: x + y, 0)(s)
    biggest: int = Seq.reduce1(add)(s)
    also_biggest: int = SeqUtils.reduce1(max)(s)
    chars: int = Seq.mapreduce(width, 0, add)(words)
    chars_c: int = Seq.mapreduce(width, 0)(add, words)
    chars_b: int = Seq.mapreduce(width)(0, add, words)
    labels: Seq[str] = Seq.map_idx(label)(words)
    piped: Seq[str] = pipe(s, Seq.filter(positive), Seq.map(show))
    del kept, shown, printed, text, squares, total, total_b, total_op, total_lambda
    del biggest, also_biggest, chars, chars_c, chars_b, labels, piped


def full_calls_keep_their_types() -> None:
    s = Seq.from_list([1, 2, 3])
    words = Seq.from_list(["ab", "c"])
    kept: Seq[int] = Seq.filter(lambda x: x > 1, s)
    total: int = Seq.reduce(add, 0, s)
    chars: int = Seq.mapreduce(width, 0, add, words)
    labels: Seq[str] = Seq.map_idx(lambda w, i: w * i, words)
    # a lambda whose result is a generic call needs the result's type on the left (README)
    rows = Seq.from_list([s, s])
    firsts: Seq[int] = Seq.map(lambda row: Seq.nth(0, row), rows)
    del kept, total, chars, labels, firsts


def betterseq_functions_are_typed() -> None:
    s = Seq.from_list([1, 2, 3])
    hw11: Seq[int] = Seq.update(s, (0, 5))
    offering_2016: Seq[int] = Seq.update(s, 0, 5)
    replaced: Seq[int] = Seq.insert(7, s, 1)
    tiles: Seq[Maybe[int]] = Seq.from_list([Some(1), Nothing])
    somes: Seq[int] = Seq.extract_somes(tiles)
    del hw11, offering_2016, replaced, somes


def wrong_uses_are_rejected() -> None:
    s = Seq.from_list([1, 2, 3])
    words = Seq.from_list(["ab", "c"])
    # the curried function still wants the right element type
    Seq.filter(positive)(words)  # type: ignore[arg-type]
    wrong: Seq[int] = Seq.map(show)(s)  # type: ignore[assignment]
    Seq.reduce(add, 0)(words)  # type: ignore[arg-type]
    Seq.mapreduce(width, 0, add)(s)  # type: ignore[arg-type]
    # the rest comes in one call, as the naming rule makes it: reduce f is f(b, s), not f(b)(s)
    Seq.reduce(add)(0)  # type: ignore[call-arg]
    Seq.filter(positive)(s, s)  # type: ignore[call-arg]
    # mapIdx's function takes the element and its index
    Seq.map_idx(show)(s)  # type: ignore[arg-type]
    # update takes (i, x) or i, x, never half of each
    Seq.update(s, 0)  # type: ignore[call-overload]
    Seq.update(s, (0, 5), 5)  # type: ignore[call-overload]
    # a lambda in a curried call has nothing to type its parameter with: the README says to write
    # the full call Seq.filter(lambda x: x > 1, s), or a def with annotations
    Seq.filter(lambda x: x > 1)(s)  # type: ignore[operator]
    del wrong

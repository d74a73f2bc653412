"""The few pieces of the SML Basis Library that ported code needs.

``order`` (``LESS | EQUAL | GREATER``), the exception ``Fail``, ``Int.toString``'s way of
printing negative numbers with ``~``, and the ``List`` functions whose Python spelling would
differ from SML at an edge: ``List.nth (l, ~1)`` raises ``Subscript`` where ``l[-1]`` answers,
``tl []`` raises ``Empty`` where ``[][1:]`` is ``[]``. The port spells SML's ``Subscript`` and
``Empty`` as ``IndexError`` (``sml150.port.names.LIB_EXNS``), so these raise ``IndexError``.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import TypeVar

from returns.maybe import Maybe, Nothing, Some

__all__ = ["EQUAL", "GREATER", "LESS", "Fail", "Order", "compare_ints", "int_to_string",
           "list_drop", "list_get_item", "list_last", "list_map_partial", "list_nth",
           "list_partition", "list_take", "list_tl"]

A = TypeVar("A")
B = TypeVar("B")


class Order(enum.Enum):
    """SML ``datatype order = LESS | EQUAL | GREATER``.

    >>> compare_ints(1, 2)
    <Order.LESS: -1>
    """

    LESS = -1
    EQUAL = 0
    GREATER = 1


LESS = Order.LESS
EQUAL = Order.EQUAL
GREATER = Order.GREATER


class Fail(Exception):
    """SML ``exception Fail of string``: a failure with a message.

    >>> raise Fail("no moves")
    Traceback (most recent call last):
    ...
    sml150.lib.basis.Fail: no moves
    """


def compare_ints(a: int, b: int) -> Order:
    """``Int.compare : int * int -> order``.

    >>> compare_ints(3, 3), compare_ints(4, 3)
    (<Order.EQUAL: 0>, <Order.GREATER: 1>)
    """
    if a < b:
        return LESS
    if a > b:
        return GREATER
    return EQUAL


def int_to_string(n: int) -> str:
    """``Int.toString : int -> string``: negative numbers print with SML's ``~``.

    >>> int_to_string(-2), int_to_string(30)
    ('~2', '30')
    """
    return f"~{-n}" if n < 0 else str(n)


def list_nth(xs: Sequence[A], i: int) -> A:
    """``List.nth : 'a list * int -> 'a``; ``Subscript`` (``IndexError``) outside ``0 .. n-1``.

    >>> list_nth([7, 8, 9], 2)
    9
    >>> list_nth([7, 8, 9], -1)
    Traceback (most recent call last):
    ...
    IndexError: Subscript: List.nth at -1 of a list of length 3
    """
    if not 0 <= i < len(xs):
        raise IndexError(f"Subscript: List.nth at {i} of a list of length {len(xs)}")
    return xs[i]


def list_take(xs: Sequence[A], n: int) -> list[A]:
    """``List.take : 'a list * int -> 'a list``; ``Subscript`` unless ``0 <= n <= length``.

    >>> list_take([1, 2, 3], 2), list_take([1, 2, 3], 3)
    ([1, 2], [1, 2, 3])
    >>> list_take([1, 2, 3], 4)
    Traceback (most recent call last):
    ...
    IndexError: Subscript: List.take 4 of a list of length 3
    """
    if not 0 <= n <= len(xs):
        raise IndexError(f"Subscript: List.take {n} of a list of length {len(xs)}")
    return list(xs[:n])


def list_drop(xs: Sequence[A], n: int) -> list[A]:
    """``List.drop : 'a list * int -> 'a list``; ``Subscript`` unless ``0 <= n <= length``.

    >>> list_drop([1, 2, 3], 1)
    [2, 3]
    >>> list_drop([1, 2, 3], -1)
    Traceback (most recent call last):
    ...
    IndexError: Subscript: List.drop -1 of a list of length 3
    """
    if not 0 <= n <= len(xs):
        raise IndexError(f"Subscript: List.drop {n} of a list of length {len(xs)}")
    return list(xs[n:])


def list_last(xs: Sequence[A]) -> A:
    """``List.last : 'a list -> 'a``; ``Empty`` (``IndexError``) on ``[]``.

    >>> list_last([1, 2, 3])
    3
    >>> list_last([])
    Traceback (most recent call last):
    ...
    IndexError: Empty: List.last of []
    """
    if not xs:
        raise IndexError("Empty: List.last of []")
    return xs[-1]


def list_tl(xs: Sequence[A]) -> list[A]:
    """``tl : 'a list -> 'a list``; ``Empty`` (``IndexError``) on ``[]``.

    >>> list_tl([1, 2, 3])
    [2, 3]
    >>> list_tl([])
    Traceback (most recent call last):
    ...
    IndexError: Empty: tl of []
    """
    if not xs:
        raise IndexError("Empty: tl of []")
    return list(xs[1:])


def list_get_item(xs: Sequence[A]) -> Maybe[tuple[A, list[A]]]:
    """``List.getItem : 'a list -> ('a * 'a list) option``.

    >>> list_get_item([1, 2]), list_get_item([])
    (<Some: (1, [2])>, <Nothing>)
    """
    return Some((xs[0], list(xs[1:]))) if xs else Nothing


def list_partition(p: Callable[[A], bool], xs: Sequence[A]) -> tuple[list[A], list[A]]:
    """``List.partition : ('a -> bool) -> 'a list -> 'a list * 'a list``, in order.

    >>> list_partition(lambda x: x % 2 == 0, [1, 2, 3, 4])
    ([2, 4], [1, 3])
    """
    return [x for x in xs if p(x)], [x for x in xs if not p(x)]


def list_map_partial(f: Callable[[A], Maybe[B]], xs: Sequence[A]) -> list[B]:
    """``List.mapPartial : ('a -> 'b option) -> 'a list -> 'b list``.

    >>> list_map_partial(lambda x: Some(x * 10) if x > 1 else Nothing, [1, 2, 3])
    [20, 30]
    """
    out: list[B] = []
    for x in xs:
        y = f(x)
        if y != Nothing:
            out.append(y.unwrap())
    return out

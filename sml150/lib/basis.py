"""The few pieces of the SML Basis Library that ported code needs.

``order`` (``LESS | EQUAL | GREATER``), the exception ``Fail``, and ``Int.toString``'s way of
printing negative numbers with ``~``.
"""

from __future__ import annotations

import enum

__all__ = ["EQUAL", "GREATER", "LESS", "Fail", "Order", "compare_ints", "int_to_string"]


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

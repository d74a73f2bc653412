"""toolz behind one typed door.

toolz ships no type information and no stub package installs here (pyproject's mypy override
silences the missing stubs for this module only); every toolz function the library uses is
re-exported here with a precise signature, and results are bound to annotated names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar, overload

import toolz

__all__ = ["pipe", "sliding_window"]

A = TypeVar("A")
B = TypeVar("B")
C = TypeVar("C")
D = TypeVar("D")


@overload
def pipe(data: A, f1: Callable[[A], B], /) -> B: ...
@overload
def pipe(data: A, f1: Callable[[A], B], f2: Callable[[B], C], /) -> C: ...
@overload
def pipe(data: A, f1: Callable[[A], B], f2: Callable[[B], C], f3: Callable[[C], D], /) -> D: ...
def pipe(data: Any, *funcs: Callable[[Any], Any]) -> Any:
    """``toolz.pipe``: thread ``data`` through the functions, left to right.

    >>> pipe(3, lambda x: x + 1, str)
    '4'
    """
    return toolz.pipe(data, *funcs)


def sliding_window(n: int, xs: Iterable[A]) -> Iterable[tuple[A, ...]]:
    """``toolz.sliding_window``: the overlapping windows of ``n`` consecutive items.

    >>> list(sliding_window(2, [1, 2, 3]))
    [(1, 2), (2, 3)]
    """
    windows: Iterable[tuple[A, ...]] = toolz.sliding_window(n, xs)
    return windows

"""``SeqUtils``: the course's sequence helpers (``reduce1``, ``null``, list conversions).

>>> SeqUtils.reduce1(max, Seq.from_list([3, 9, 2]))
9
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, final, overload

from sml150.lib.seq import Range, Seq

__all__ = ["SeqUtils"]

A = TypeVar("A")


@final
class SeqUtils:
    """The SeqUtils structure: static functions only."""

    Range = Range

    @overload
    @staticmethod
    def reduce1(f: Callable[[A, A], A]) -> Callable[[Seq[A]], A]: ...
    @overload
    @staticmethod
    def reduce1(f: Callable[[A, A], A], s: Seq[A]) -> A: ...
    @staticmethod
    def reduce1(
        f: Callable[[A, A], A], s: Seq[A] | None = None
    ) -> A | Callable[[Seq[A]], A]:
        """``reduce1 : ('a * 'a -> 'a) -> 'a seq -> 'a``, bracketed like ``Seq.reduce``.

        REQUIRES: ``s`` non-empty; an empty sequence raises ``Range`` (never a silent answer).
        ENSURES: ``reduce1 f <x0, ..., xn-1> == f(x0, f(x1, ... xn-1))``. ``SeqUtils.reduce1(f)``
        alone is the curried form, a function of the sequence.

        >>> SeqUtils.reduce1(lambda a, b: a + b, Seq.empty())
        Traceback (most recent call last):
        ...
        sml150.lib.seq.Range: Seq.reduce1: the sequence is empty
        >>> SeqUtils.reduce1(min)(Seq.from_list([3, 9, 2]))
        2
        """
        if s is None:
            return Seq.reduce1(f)
        return Seq.reduce1(f, s)

    @staticmethod
    def null(s: Seq[A]) -> bool:
        """``null : 'a seq -> bool``.

        >>> SeqUtils.null(Seq.empty())
        True
        """
        return Seq.null(s)

    @staticmethod
    def seq_to_list(s: Seq[A]) -> list[A]:
        """``seqToList : 'a seq -> 'a list``.

        >>> SeqUtils.seq_to_list(Seq.from_list("ab"))
        ['a', 'b']
        """
        return Seq.to_list(s)

    @staticmethod
    def seq_from_list(xs: list[A]) -> Seq[A]:
        """``seqFromList : 'a list -> 'a seq``.

        >>> SeqUtils.seq_from_list([1, 2])
        <1,2>
        """
        return Seq.from_list(xs)

"""OCaml's ``Seq``: on-demand sequences, the offspring of a lazy game tree.

A sequence is a zero-argument function returning ``Nil()`` or ``Cons(head, tail)``, ``tail``
again such a function; forcing it twice recomputes it (nothing is consumed), so a sequence can
be walked many times.

>>> to_list(of_list("abc"))
['a', 'b', 'c']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Final, Generic, TypeAlias, TypeVar, final

import attrs
from returns.maybe import Maybe, Nothing, Some  # noqa: F401 -- Nothing: the doctests' end

__all__ = ["Cons", "Nil", "init", "of_iterable_factory", "of_list", "seq_node", "seq_t",
           "to_list", "unfold"]

A = TypeVar("A")
B = TypeVar("B")


@final
@attrs.frozen
class Nil:
    """OCaml ``Seq.Nil``: the sequence is empty.

    >>> of_list([])()
    Nil()
    """


@final
@attrs.frozen
class Cons(Generic[A]):
    """OCaml ``Seq.Cons (x, xs)``: the first element and the rest, itself a ``seq_t``.

    >>> of_list([1, 2])()
    Cons(head=1, tail=<function ...>)
    """

    head: A
    """The first element."""
    tail: seq_t[A]
    """The other elements: a function to force, not a node."""


seq_node: TypeAlias = Nil | Cons[A]
"""OCaml ``'a Seq.node = Nil | Cons of 'a * 'a Seq.t``."""

seq_t: TypeAlias = Callable[[], seq_node[A]]
"""OCaml ``'a Seq.t = unit -> 'a Seq.node``: call it to get the head (recomputed each time)."""

_NIL: Final = Nil()


def init(n: int, f: Callable[[int], A]) -> seq_t[A]:
    """OCaml ``Seq.init n f``: the sequence ``f 0, ..., f (n-1)``, computed on demand.

    REQUIRES: ``n >= 0`` (else ``ValueError``). ENSURES: forcing position ``i`` calls ``f(i)``
    afresh each time; nothing is cached, so the sequence can be walked many times.

    >>> to_list(init(3, lambda i: i * i))
    [0, 1, 4]
    """
    if n < 0:
        raise ValueError(f"init: a sequence length must be >= 0, not {n}")
    return _init_at(n, f, 0)


def _init_at(n: int, f: Callable[[int], A], i: int) -> seq_t[A]:
    # A module-level function, not a closure over itself: the thunks form no reference cycle,
    # so a walked-past position is freed at once (no wait for the cyclic garbage collector).
    def force() -> seq_node[A]:
        if i >= n:
            return _NIL
        return Cons(f(i), _init_at(n, f, i + 1))

    return force


def of_list(xs: Iterable[A]) -> seq_t[A]:
    """The sequence of the elements of ``xs`` (copied once, so it can be walked many times).

    >>> s = of_list([(0, "a"), (1, "b")])
    >>> to_list(s) == to_list(s)
    True
    """
    items = tuple(xs)
    return init(len(items), items.__getitem__)


def unfold(f: Callable[[B], Maybe[tuple[A, B]]], seed: B) -> seq_t[A]:
    """OCaml ``Seq.unfold f seed``: ``Nothing`` ends the sequence, ``Some (x, seed')`` goes on.

    ENSURES: each force calls ``f`` on its seed afresh (seeds should be immutable).

    >>> to_list(unfold(lambda n: Some((n, n - 1)) if n > 0 else Nothing, 3))
    [3, 2, 1]
    """

    def force() -> seq_node[A]:
        match f(seed):
            case Some((x, rest)):
                return Cons(x, unfold(f, rest))
        return _NIL

    return force


def of_iterable_factory(factory: Callable[[], Iterable[A]]) -> seq_t[A]:
    """The sequence of what ``factory()`` yields; each walk from the start calls it afresh.

    Forcing the returned sequence makes a new iterator. Each tail remembers its node once
    forced (a cache private to that position of that walk), so forcing a tail twice gives the
    same node without advancing the iterator twice; a walk that drops the tails it has passed
    holds no more than the current position.

    >>> s = of_iterable_factory(lambda: ((i, i * i) for i in range(3)))
    >>> to_list(s) == to_list(s) == [(0, 0), (1, 1), (2, 4)]
    True
    """

    def force() -> seq_node[A]:
        return _from_iterator(iter(factory()))()

    return force


def _from_iterator(it: Iterator[A]) -> seq_t[A]:
    memo: list[seq_node[A]] = []  # private to this position: its node, once computed

    def force() -> seq_node[A]:
        if not memo:
            for x in it:
                memo.append(Cons(x, _from_iterator(it)))
                break
            else:
                memo.append(_NIL)
        return memo[0]

    return force


def to_list(s: seq_t[A]) -> list[A]:
    """All elements of ``s``, forcing it to the end (loops forever on an infinite sequence).

    >>> to_list(of_list("ab"))
    ['a', 'b']
    """
    out: list[A] = []
    node = s()
    while isinstance(node, Cons):
        out.append(node.head)
        node = node.tail()
    return out


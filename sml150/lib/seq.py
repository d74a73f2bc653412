"""``Seq``: the course library's SEQUENCE structure.

A sequence is an immutable view ``[lo, hi)`` on an immutable tuple, like SML's ``ArraySlice``, so
``length``, ``nth``, ``showl``, ``split``, ``take`` and ``drop`` are O(1) and never copy; walking a
sequence by repeated ``showl`` (``to_list`` in HW11 Task 2.1) is therefore O(n).

``Seq`` is at once the type (``Seq[int]``) and the structure: every ``val`` of ``SEQUENCE.sig`` is a
static method, called with the SML arguments in the SML order, one Python parameter each
(``Seq.nth(i, s)`` for ``nth i s``, ``Seq.reduce(f, b, s)`` for ``reduce f b s``). The views'
constructors (``Nil``, ``Cons``, ``Empty``, ``Leaf``, ``Node``) are attributes of ``Seq`` too, so
SML's ``case Seq.showl s of Seq.Nil => ... | Seq.Cons (x, xs) => ...`` reads

>>> def total(s: Seq[int]) -> int:
...     match Seq.showl(s):
...         case Seq.Nil():
...             return 0
...         case Seq.Cons(x, xs):
...             return x + total(xs)
...     raise AssertionError
>>> total(Seq.from_list([1, 2, 3]))
6
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, TypeAlias, TypeVar, Union, overload

import attrs

__all__ = [
    "Cons",
    "Empty",
    "LView",
    "Leaf",
    "Nil",
    "Node",
    "Range",
    "Seq",
    "TView",
]

T = TypeVar("T")
# The structure's functions are generic on their own: they must not bind the class's ``T``.
A = TypeVar("A")
B = TypeVar("B")


class Range(IndexError):
    """SML's ``Seq.Range``: an index or length outside a sequence.

    >>> Seq.nth(3, Seq.from_list([1, 2]))
    Traceback (most recent call last):
    ...
    sml150.lib.seq.Range: Seq.nth: index 3 out of range for a sequence of length 2
    """


@attrs.frozen
class Nil:
    """The list view of an empty sequence (SML ``Seq.Nil``).

    >>> Seq.showl(Seq.empty())
    Nil()
    """


@attrs.frozen
class Cons(Generic[T]):
    """The list view of a non-empty sequence: its head and the rest (SML ``Seq.Cons``).

    >>> Seq.showl(Seq.from_list([1, 2]))
    Cons(head=1, tail=<2>)
    """

    head: T
    """The first element."""
    tail: Seq[T]
    """The other elements, a sequence (not a view)."""


@attrs.frozen
class Empty:
    """The tree view of an empty sequence (SML ``Seq.Empty``).

    >>> Seq.showt(Seq.empty())
    Empty()
    """


@attrs.frozen
class Leaf(Generic[T]):
    """The tree view of a one-element sequence (SML ``Seq.Leaf``).

    >>> Seq.showt(Seq.singleton(7))
    Leaf(value=7)
    """

    value: T
    """The only element."""


@attrs.frozen
class Node(Generic[T]):
    """The tree view of a sequence of length >= 2, split at ``n div 2`` (SML ``Seq.Node``).

    >>> Seq.showt(Seq.from_list([1, 2, 3]))
    Node(left=<1>, right=<2,3>)
    """

    left: Seq[T]
    """The first ``n div 2`` elements."""
    right: Seq[T]
    """The remaining elements."""


LView: TypeAlias = Union[Nil, Cons[T]]  # noqa: UP007 -- a generic alias needs Union on 3.11
"""SML ``'a lview = Nil | Cons of 'a * 'a seq``."""
TView: TypeAlias = Union[Empty, Leaf[T], Node[T]]  # noqa: UP007
"""SML ``'a tview = Empty | Leaf of 'a | Node of 'a seq * 'a seq``."""


def _view(items: tuple[A, ...], lo: int = 0, hi: int | None = None) -> Seq[A]:
    """The view ``[lo, hi)`` of ``items`` (every sequence is made here: the hot path).

    It fills the slots directly, skipping the frozen record's checked ``__init__``.
    """
    s: Seq[A] = _new(Seq)
    _set_items(s, items)
    _set_lo(s, lo)
    _set_hi(s, len(items) if hi is None else hi)
    return s


@attrs.frozen(eq=False, repr=False)
class Seq(Generic[T]):
    """An immutable sequence: a view ``[lo, hi)`` on an immutable tuple.

    Sequences are iterable, sized, equal by contents, and hashable when their items are.
    Build them with the structure's functions, never with the constructor.

    >>> s = Seq.tabulate(lambda i: i * i, 5)
    >>> s, len(s), list(s), s == Seq.from_list([0, 1, 4, 9, 16])
    (<0,1,4,9,16>, 5, [0, 1, 4, 9, 16], True)
    """

    _items: tuple[T, ...]
    """The shared backing store; never mutated."""
    _lo: int
    """First index of the view (inclusive)."""
    _hi: int
    """End of the view (exclusive)."""

    # The views' constructors, reachable as Seq.Nil, Seq.Cons, ... as in SML.
    Nil = Nil
    Cons = Cons
    Empty = Empty
    Leaf = Leaf
    Node = Node
    Range = Range

    # -- Python protocols -------------------------------------------------------------------

    def __len__(self) -> int:
        return self._hi - self._lo

    def __iter__(self) -> Iterator[T]:
        items = self._items
        return (items[i] for i in range(self._lo, self._hi))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Seq):
            return NotImplemented
        if len(self) != len(other):
            return False
        return all(x == y for x, y in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return "<" + ",".join(repr(x) for x in self) + ">"

    # -- SEQUENCE: construction --------------------------------------------------------------

    @staticmethod
    def empty() -> Seq[Any]:
        """``empty : unit -> 'a seq``: the sequence of length 0.

        ENSURES: ``length (empty ()) == 0``.

        >>> Seq.empty()
        <>
        """
        return _EMPTY

    @staticmethod
    def singleton(x: A) -> Seq[A]:
        """``singleton : 'a -> 'a seq``: the sequence holding just ``x``.

        >>> Seq.singleton("hi")
        <'hi'>
        """
        return _view((x,))

    @staticmethod
    def tabulate(f: Callable[[int], A], n: int) -> Seq[A]:
        """``tabulate : (int -> 'a) -> int -> 'a seq``: ``<f 0, ..., f (n-1)>``.

        REQUIRES: ``n >= 0`` (else ``Range``). ENSURES: ``nth i (tabulate f n) == f i``.

        >>> Seq.tabulate(lambda i: 2 * i, 4)
        <0,2,4,6>
        """
        if n < 0:
            raise Range(f"Seq.tabulate: negative length {n}")
        return _view(tuple(f(i) for i in range(n)))

    @staticmethod
    def from_list(xs: Iterable[A]) -> Seq[A]:
        """``fromList : 'a list -> 'a seq``, for any Python iterable.

        >>> Seq.from_list([3, 1, 2])
        <3,1,2>
        """
        return _view(tuple(xs))

    @staticmethod
    def repeat(n: int, x: A) -> Seq[A]:
        """``repeat : int -> 'a -> 'a seq``: ``n`` copies of ``x``.

        REQUIRES: ``n >= 0`` (else ``Range``).

        >>> Seq.repeat(3, "a")
        <'a','a','a'>
        """
        if n < 0:
            raise Range(f"Seq.repeat: negative length {n}")
        return _view((x,) * n)

    @staticmethod
    def cons(x: A, s: Seq[A]) -> Seq[A]:
        """``cons : 'a * 'a seq -> 'a seq``: ``x`` in front of ``s`` (O(n): it copies).

        >>> Seq.cons(0, Seq.from_list([1, 2]))
        <0,1,2>
        """
        return _view((x, *s))

    @staticmethod
    def append(s1: Seq[A], s2: Seq[A]) -> Seq[A]:
        """``append : 'a seq * 'a seq -> 'a seq``: ``s1`` followed by ``s2``.

        >>> Seq.append(Seq.from_list([1]), Seq.from_list([2, 3]))
        <1,2,3>
        """
        if not s1:
            return s2
        if not s2:
            return s1
        return _view((*s1, *s2))

    @staticmethod
    def flatten(ss: Seq[Seq[A]]) -> Seq[A]:
        """``flatten : 'a seq seq -> 'a seq``: the concatenation of the sequences in ``ss``.

        >>> Seq.flatten(Seq.from_list([Seq.from_list([1, 2]), Seq.empty(), Seq.singleton(3)]))
        <1,2,3>
        """
        return _view(tuple(x for s in ss for x in s))

    @staticmethod
    def update(s: Seq[A], update: tuple[int, A]) -> Seq[A]:
        """``update : 'a seq * (int * 'a) -> 'a seq``: ``s`` with index ``i`` replaced by ``x``.

        REQUIRES: ``0 <= i < length s`` (else ``Range``). ``s`` itself is unchanged.

        >>> s = Seq.from_list([1, 2, 3])
        >>> Seq.update(s, (1, 20)), s
        (<1,20,3>, <1,2,3>)
        """
        i, x = update
        if not 0 <= i < s._hi - s._lo:
            _check_index("Seq.update", i, s)
        items, at = s._items, s._lo + i
        return _view((*items[s._lo : at], x, *items[at + 1 : s._hi]))

    # -- SEQUENCE: observation ---------------------------------------------------------------

    @staticmethod
    def length(s: Seq[A]) -> int:
        """``length : 'a seq -> int``, in O(1).

        >>> Seq.length(Seq.from_list("abc"))
        3
        """
        return s._hi - s._lo

    @staticmethod
    def null(s: Seq[A]) -> bool:
        """``null : 'a seq -> bool``: whether ``s`` is empty.

        >>> Seq.null(Seq.empty()), Seq.null(Seq.singleton(1))
        (True, False)
        """
        return len(s) == 0

    @staticmethod
    def nth(i: int, s: Seq[A]) -> A:
        """``nth : int -> 'a seq -> 'a``: the element at index ``i``, in O(1).

        REQUIRES: ``0 <= i < length s``; otherwise raises ``Range`` naming ``i`` and the length
        (a negative ``i`` is out of range, as in SML, not an index from the end).

        >>> Seq.nth(1, Seq.from_list(["a", "b"]))
        'b'
        >>> Seq.nth(-1, Seq.from_list(["a", "b"]))
        Traceback (most recent call last):
        ...
        sml150.lib.seq.Range: Seq.nth: index -1 out of range for a sequence of length 2
        """
        if not 0 <= i < s._hi - s._lo:
            _check_index("Seq.nth", i, s)
        return s._items[s._lo + i]

    @staticmethod
    def to_string(f: Callable[[A], str], s: Seq[A]) -> str:
        """``toString : ('a -> string) -> 'a seq -> string``, as ``<x0,x1,...>``.

        >>> Seq.to_string(str, Seq.from_list([1, 2, 3]))
        '<1,2,3>'
        """
        return "<" + ",".join(f(x) for x in s) + ">"

    @staticmethod
    def to_list(s: Seq[A]) -> list[A]:
        """``toList : 'a seq -> 'a list``.

        >>> Seq.to_list(Seq.tabulate(lambda i: i, 3))
        [0, 1, 2]
        """
        return list(s)

    # -- SEQUENCE: bulk operations -----------------------------------------------------------

    @overload
    @staticmethod
    def map(f: Callable[[A], B]) -> Callable[[Seq[A]], Seq[B]]: ...
    @overload
    @staticmethod
    def map(f: Callable[[A], B], s: Seq[A]) -> Seq[B]: ...
    @staticmethod
    def map(
        f: Callable[[A], B], s: Seq[A] | None = None
    ) -> Seq[B] | Callable[[Seq[A]], Seq[B]]:
        """``map : ('a -> 'b) -> 'a seq -> 'b seq``; ``Seq.map(f)`` alone is the curried form.

        >>> Seq.map(lambda x: x + 1, Seq.from_list([1, 2]))
        <2,3>
        >>> from sml150._toolz import pipe
        >>> pipe(Seq.tabulate(lambda i: i, 5), Seq.filter(lambda x: x % 2 == 0), Seq.map(str))
        <'0','2','4'>
        """
        if s is None:
            return lambda t: _view(tuple(f(x) for x in t))
        return _view(tuple(f(x) for x in s))

    @overload
    @staticmethod
    def filter(p: Callable[[A], bool]) -> Callable[[Seq[A]], Seq[A]]: ...
    @overload
    @staticmethod
    def filter(p: Callable[[A], bool], s: Seq[A]) -> Seq[A]: ...
    @staticmethod
    def filter(
        p: Callable[[A], bool], s: Seq[A] | None = None
    ) -> Seq[A] | Callable[[Seq[A]], Seq[A]]:
        """``filter : ('a -> bool) -> 'a seq -> 'a seq``; ``Seq.filter(p)`` alone is curried.

        >>> Seq.filter(lambda x: x % 2 == 0, Seq.tabulate(lambda i: i, 6))
        <0,2,4>
        """
        if s is None:
            return lambda t: _view(tuple(x for x in t if p(x)))
        return _view(tuple(x for x in s if p(x)))

    @staticmethod
    def zip(s1: Seq[A], s2: Seq[B]) -> Seq[tuple[A, B]]:
        """``zip : 'a seq * 'b seq -> ('a * 'b) seq``, as long as the shorter argument.

        >>> Seq.zip(Seq.from_list([1, 2, 3]), Seq.from_list("ab"))
        <(1, 'a'),(2, 'b')>
        """
        return _view(tuple(zip(s1, s2, strict=False)))

    @staticmethod
    def reduce(f: Callable[[A, A], A], b: A, s: Seq[A]) -> A:
        """``reduce : ('a * 'a -> 'a) -> 'a -> 'a seq -> 'a``, bracketed as the course library does.

        ENSURES: ``reduce f b <x0, ..., xn-1> == f(x0, f(x1, ... f(xn-1, b)))`` (a right fold;
        ``b`` for the empty sequence). For an associative ``f`` with unit ``b`` any bracketing
        agrees; this one makes ported code that is not so behave exactly as in SML.

        >>> Seq.reduce(lambda x, y: f"({x}+{y})", "b", Seq.from_list(["1", "2", "3"]))
        '(1+(2+(3+b)))'
        """
        acc = b
        items = s._items
        # Inv: acc == f(x_{i+1}, ... f(x_{hi-1}, b))
        for i in range(s._hi - 1, s._lo - 1, -1):
            acc = f(items[i], acc)
        return acc

    @staticmethod
    def reduce1(f: Callable[[A, A], A], s: Seq[A]) -> A:
        """``reduce1 : ('a * 'a -> 'a) -> 'a seq -> 'a``: ``reduce`` with the last element as base.

        REQUIRES: ``s`` non-empty (else ``Range``).
        ENSURES: ``reduce1 f <x0, ..., xn-1> == f(x0, f(x1, ... xn-1))``.

        >>> Seq.reduce1(lambda x, y: f"({x}+{y})", Seq.from_list(["1", "2", "3"]))
        '(1+(2+3))'
        """
        if not s:
            raise Range("Seq.reduce1: the sequence is empty")
        return Seq.reduce(f, s._items[s._hi - 1], _view(s._items, s._lo, s._hi - 1))

    @staticmethod
    def mapreduce(f: Callable[[A], B], b: B, c: Callable[[B, B], B], s: Seq[A]) -> B:
        """``mapreduce : ('a -> 'b) -> 'b -> ('b * 'b -> 'b) -> 'a seq -> 'b``.

        ENSURES: ``mapreduce f b c s == reduce c b (map f s)``, the course library's definition
        ``reduce c b o map f``, side effects included: ``f`` runs on every element left to
        right first, then ``c`` folds from the right, exactly as ``reduce`` does.

        >>> Seq.mapreduce(len, 0, lambda x, y: x + y, Seq.from_list(["ab", "c"]))
        3
        >>> seen: list[str] = []
        >>> Seq.mapreduce(lambda x: seen.append(x) or x, "", lambda x, y: x + y,
        ...               Seq.from_list(["a", "b", "c"]))
        'abc'
        >>> seen
        ['a', 'b', 'c']
        """
        items = s._items
        mapped = [f(items[i]) for i in range(s._lo, s._hi)]
        acc = b
        # Inv: acc == c(mapped[i+1], ... c(mapped[-1], b))
        for i in range(len(mapped) - 1, -1, -1):
            acc = c(mapped[i], acc)
        return acc

    # -- SEQUENCE: O(1) slicing --------------------------------------------------------------

    @staticmethod
    def take(i: int, s: Seq[A]) -> Seq[A]:
        """``take : int -> 'a seq -> 'a seq``: the first ``i`` elements, in O(1).

        REQUIRES: ``0 <= i <= length s`` (else ``Range``).

        >>> Seq.take(2, Seq.from_list([1, 2, 3]))
        <1,2>
        """
        _check_cut("Seq.take", i, s)
        return _view(s._items, s._lo, s._lo + i)

    @staticmethod
    def drop(i: int, s: Seq[A]) -> Seq[A]:
        """``drop : int -> 'a seq -> 'a seq``: all but the first ``i`` elements, in O(1).

        REQUIRES: ``0 <= i <= length s`` (else ``Range``).

        >>> Seq.drop(2, Seq.from_list([1, 2, 3]))
        <3>
        """
        _check_cut("Seq.drop", i, s)
        return _view(s._items, s._lo + i, s._hi)

    @staticmethod
    def split(i: int, s: Seq[A]) -> tuple[Seq[A], Seq[A]]:
        """``split : int -> 'a seq -> 'a seq * 'a seq``: ``(take i s, drop i s)``, in O(1).

        REQUIRES: ``0 <= i <= length s`` (else ``Range``).

        >>> Seq.split(1, Seq.from_list([1, 2, 3]))
        (<1>, <2,3>)
        """
        _check_cut("Seq.split", i, s)
        mid = s._lo + i
        return _view(s._items, s._lo, mid), _view(s._items, mid, s._hi)

    # -- SEQUENCE: views ---------------------------------------------------------------------

    @staticmethod
    def showl(s: Seq[A]) -> LView[A]:
        """``showl : 'a seq -> 'a lview``: ``Nil()`` or ``Cons(head, tail)``, in O(1).

        >>> Seq.showl(Seq.from_list([1, 2, 3]))
        Cons(head=1, tail=<2,3>)
        """
        items, lo, hi = s._items, s._lo, s._hi
        if lo == hi:
            return _NIL
        # Cons(items[lo], tail), its slots filled directly (a search walks moves this way).
        v: Cons[A] = _new(Cons)
        _set_head(v, items[lo])
        _set_tail(v, _view(items, lo + 1, hi))
        return v

    @staticmethod
    def hidel(v: LView[A]) -> Seq[A]:
        """``hidel : 'a lview -> 'a seq``: the inverse of ``showl``.

        ENSURES: ``showl (hidel v) == v``.

        >>> Seq.hidel(Cons(0, Seq.from_list([1])))
        <0,1>
        """
        match v:
            case Nil():
                return _EMPTY
            case Cons(x, xs):
                return Seq.cons(x, xs)
        raise TypeError(f"Seq.hidel: not a list view: {v!r}")

    @staticmethod
    def showt(s: Seq[A]) -> TView[A]:
        """``showt : 'a seq -> 'a tview``: ``Empty()``, ``Leaf(x)``, or ``Node`` split at n div 2.

        >>> Seq.showt(Seq.from_list([1, 2, 3, 4]))
        Node(left=<1,2>, right=<3,4>)
        """
        n = len(s)
        if n == 0:
            return Empty()
        if n == 1:
            return Leaf(s._items[s._lo])
        left, right = Seq.split(n // 2, s)
        return Node(left, right)

    @staticmethod
    def hidet(v: TView[A]) -> Seq[A]:
        """``hidet : 'a tview -> 'a seq``: the inverse of ``showt``.

        ENSURES: ``hidet (showt s) == s``.

        >>> Seq.hidet(Node(Seq.singleton(1), Seq.singleton(2)))
        <1,2>
        """
        match v:
            case Empty():
                return _EMPTY
            case Leaf(x):
                return Seq.singleton(x)
            case Node(left, right):
                return Seq.append(left, right)
        raise TypeError(f"Seq.hidet: not a tree view: {v!r}")


_new = object.__new__
_set_items = Seq.__dict__["_items"].__set__
_set_lo = Seq.__dict__["_lo"].__set__
_set_hi = Seq.__dict__["_hi"].__set__
_EMPTY: Seq[Any] = Seq((), 0, 0)
_NIL = Nil()
_set_head = Cons.__dict__["head"].__set__
_set_tail = Cons.__dict__["tail"].__set__


def _check_index(where: str, i: int, s: Seq[Any]) -> None:
    if not 0 <= i < len(s):
        raise Range(f"{where}: index {i} out of range for a sequence of length {len(s)}")


def _check_cut(where: str, i: int, s: Seq[Any]) -> None:
    if not 0 <= i <= len(s):
        raise Range(f"{where}: count {i} out of range for a sequence of length {len(s)}")

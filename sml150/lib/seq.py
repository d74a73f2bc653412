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

Two course offerings, one structure. ``Seq`` is the HW11 offering's SEQUENCE, and it also has
what the 2016 HW10 offering's ``functor BetterSeq (Seq : SEQUENCE) : BETTERSEQ`` added
(``insert``, ``mapIdx``, ``extractSomes``) and that offering's tupled ``update (s, i, x)``, so
``structure Seq = BetterSeq(Seq)`` needs no Python line:

>>> Seq.map_idx(lambda x, i: x * i, Seq.from_list([5, 6, 7]))
<0,6,14>

Partial application. Every function whose first SML argument is a function also takes a prefix
of its arguments and returns the function of the rest, as SML's currying does:
``Seq.filter(p)(s)``, ``Seq.reduce(f, b)(s)`` (SML ``Seq.reduce f b s``), ``Seq.mapreduce(f, b,
c)(s)``. The full call pays one identity test per argument that may be left out.

>>> import operator
>>> total_of = Seq.reduce(operator.add, 0)
>>> total_of(Seq.from_list([1, 2, 3]))
6

(About 830 lines, over the house's 400: the SML structure ``Seq`` is one module, as the course
library has it, with both offerings' names.)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final, Generic, TypeAlias, TypeVar, overload

import attrs
from returns.maybe import Maybe, Nothing

__all__ = [
    "Cons",
    "Empty",
    "LView",
    "Leaf",
    "Nil",
    "Node",
    "Range",
    "Seq",
    "Subscript",
    "TView",
]

T = TypeVar("T")
# Sequences and their views are immutable, so they are covariant: a ``Seq[int]`` is a
# ``Seq[object]``. Curried calls need it: ``Seq.map(str)`` expects a ``Seq[object]``.
T_co = TypeVar("T_co", covariant=True)
# The structure's functions are generic on their own: they must not bind the class's ``T_co``.
A = TypeVar("A")
B = TypeVar("B")


class _Missing(enum.Enum):
    """The type of ``_MISSING``: an argument left out of a partial application."""

    MISSING = enum.auto()


_MISSING: Final = _Missing.MISSING
"""Default of an argument that may be left out (``b`` in ``Seq.reduce(f)``): ``None`` cannot
serve, since it is a legal base value."""


class Range(IndexError):
    """SML's ``Seq.Range``: an index or length outside a sequence.

    >>> Seq.nth(3, Seq.from_list([1, 2]))
    Traceback (most recent call last):
    ...
    sml150.lib.seq.Range: Seq.nth: index 3 out of range for a sequence of length 2
    """


class Subscript(IndexError):
    """SML Basis ``Subscript``: what the 2016 library's tupled ``update (s, i, x)`` raises.

    That library documents ``update`` as "Raises Subscript if out of bounds"; the HW11 library's
    ``update (s, (i, x))`` raises ``Range`` instead, and so do the two shapes here.

    >>> Seq.update(Seq.from_list([1, 2]), 2, 0)
    Traceback (most recent call last):
    ...
    sml150.lib.seq.Subscript: Seq.update: index 2 out of range for a sequence of length 2
    """


@attrs.frozen
class Nil:
    """The list view of an empty sequence (SML ``Seq.Nil``).

    >>> Seq.showl(Seq.empty())
    Nil()
    """


@attrs.frozen
class Cons(Generic[T_co]):
    """The list view of a non-empty sequence: its head and the rest (SML ``Seq.Cons``).

    >>> Seq.showl(Seq.from_list([1, 2]))
    Cons(head=1, tail=<2>)
    """

    head: T_co
    """The first element."""
    tail: Seq[T_co]
    """The other elements, a sequence (not a view)."""


@attrs.frozen
class Empty:
    """The tree view of an empty sequence (SML ``Seq.Empty``).

    >>> Seq.showt(Seq.empty())
    Empty()
    """


@attrs.frozen
class Leaf(Generic[T_co]):
    """The tree view of a one-element sequence (SML ``Seq.Leaf``).

    >>> Seq.showt(Seq.singleton(7))
    Leaf(value=7)
    """

    value: T_co
    """The only element."""


@attrs.frozen
class Node(Generic[T_co]):
    """The tree view of a sequence of length >= 2, split at ``n div 2`` (SML ``Seq.Node``).

    >>> Seq.showt(Seq.from_list([1, 2, 3]))
    Node(left=<1>, right=<2,3>)
    """

    left: Seq[T_co]
    """The first ``n div 2`` elements."""
    right: Seq[T_co]
    """The remaining elements."""


LView: TypeAlias = Nil | Cons[T]
"""SML ``'a lview = Nil | Cons of 'a * 'a seq``."""
TView: TypeAlias = Empty | Leaf[T] | Node[T]
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
class Seq(Generic[T_co]):
    """An immutable sequence: a view ``[lo, hi)`` on an immutable tuple.

    Sequences are iterable, sized, equal by contents, and hashable when their items are.
    Build them with the structure's functions, never with the constructor.

    >>> s = Seq.tabulate(lambda i: i * i, 5)
    >>> s, len(s), list(s), s == Seq.from_list([0, 1, 4, 9, 16])
    (<0,1,4,9,16>, 5, [0, 1, 4, 9, 16], True)
    """

    _items: tuple[T_co, ...]
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

    def __iter__(self) -> Iterator[T_co]:
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

    @overload
    @staticmethod
    def tabulate(f: Callable[[int], A]) -> Callable[[int], Seq[A]]: ...
    @overload
    @staticmethod
    def tabulate(f: Callable[[int], A], n: int) -> Seq[A]: ...
    @staticmethod
    def tabulate(
        f: Callable[[int], A], n: int | None = None
    ) -> Seq[A] | Callable[[int], Seq[A]]:
        """``tabulate : (int -> 'a) -> int -> 'a seq``: ``<f 0, ..., f (n-1)>``.

        REQUIRES: ``n >= 0`` (else ``Range``). ENSURES: ``nth i (tabulate f n) == f i``, ``f``
        applied to ``0, ..., n-1`` in that order. O(n) calls of ``f``. ``Seq.tabulate(f)`` alone
        is the curried ``tabulate f``, a function of ``n``.

        >>> Seq.tabulate(lambda i: 2 * i, 4)
        <0,2,4,6>
        >>> squares = Seq.tabulate(lambda i: i * i)
        >>> squares(3)
        <0,1,4>
        """
        if n is None:
            return lambda m: Seq.tabulate(f, m)
        if n < 0:
            raise Range(f"Seq.tabulate: negative length {n}")
        return _view(tuple([f(i) for i in range(n)]))

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

    # ``update`` has two shapes, one per course offering, and takes both. The HW11 library's
    # SEQUENCE has ``update : 'a seq * (int * 'a) -> 'a seq`` (raises Range); the 2016 library
    # under HW10's BetterSeq has ``update : 'a seq * int * 'a -> 'a seq`` ("Raises Subscript").
    # By the naming rule they port to ``Seq.update(s, (i, x))`` and ``Seq.update(s, i, x)``:
    # the number of arguments tells them apart, so each SML line ports as written, with its own
    # exception, and a porter has no second name to learn (the SEQUENCE Protocol names the
    # first shape; the second is positional only, so no keyword can blur the two).
    @overload
    @staticmethod
    def update(s: Seq[A], update: tuple[int, A]) -> Seq[A]: ...
    @overload
    @staticmethod
    def update(s: Seq[A], i: int, x: A, /) -> Seq[A]: ...
    @staticmethod
    def update(s: Seq[A], update: tuple[int, A] | int, x: A | _Missing = _MISSING) -> Seq[A]:
        """``update``: ``s`` with index ``i`` replaced by ``x``, in either offering's shape.

        Takes the HW11 shape ``update : 'a seq * (int * 'a) -> 'a seq`` as
        ``Seq.update(s, (i, x))``, or the 2016 (BetterSeq) shape ``update : 'a seq * int * 'a ->
        'a seq`` as ``Seq.update(s, i, x)``.
        REQUIRES: ``0 <= i < length s``; else the HW11 shape raises ``Range`` and the 2016 shape
        ``Subscript``, as their libraries do.
        ENSURES: ``nth i (update ...) == x``, every other index as in ``s``; ``s`` is unchanged.
        O(n): it copies.

        >>> s = Seq.from_list([1, 2, 3])
        >>> Seq.update(s, (1, 20)), s
        (<1,20,3>, <1,2,3>)
        >>> Seq.update(s, 1, 20)
        <1,20,3>
        """
        n = s._hi - s._lo
        if isinstance(update, tuple):  # HW11: update (s, (i, x))
            i, y = update
            if not 0 <= i < n:
                _check_index("Seq.update", i, s)
        elif not isinstance(x, _Missing):  # 2016: update (s, i, x)
            i, y = update, x
            if not 0 <= i < n:
                raise Subscript(f"Seq.update: index {i} out of range for a sequence of length {n}")
        else:
            raise TypeError(f"Seq.update: expected (i, x) or i, x after s, got {update!r}")
        items, at = s._items, s._lo + i
        return _view((*items[s._lo : at], y, *items[at + 1 : s._hi]))

    @staticmethod
    def insert(x: A, s: Seq[A], i: int) -> Seq[A]:
        """``insert : 'a -> 'a seq -> int -> 'a seq`` (2016 HW10, BetterSeq): ``x`` at index ``i``.

        Despite its name it replaces, as the course code defines it (``tabulate (fn ind => if
        ind = i then x else nth ind S) (length S)``): the length stays ``length s``.
        REQUIRES: nothing; an ``i`` outside ``0 <= i < length s`` gives ``s`` unchanged (that
        ``tabulate`` never meets ``i``), never an exception.
        ENSURES: ``nth j (insert x s i) == (if j = i then x else nth j s)``. O(n): it copies.

        >>> s = Seq.from_list(["a", "b", "c"])
        >>> Seq.insert("X", s, 1), Seq.insert("X", s, 3), s
        (<'a','X','c'>, <'a','b','c'>, <'a','b','c'>)
        """
        lo, hi = s._lo, s._hi
        if not 0 <= i < hi - lo:
            return s
        items, at = s._items, lo + i
        return _view((*items[lo:at], x, *items[at + 1 : hi]))

    @staticmethod
    def extract_somes(s: Seq[Maybe[A]]) -> Seq[A]:
        """``extractSomes : 'a option seq -> 'a seq`` (2016 HW10, BetterSeq): the ``SOME`` values.

        Takes a sequence of ``returns.maybe.Maybe`` (SML ``option``).
        REQUIRES: nothing. ENSURES: ``<x | SOME x in s>``, in order (``NONE``s dropped). O(n).

        >>> from returns.maybe import Nothing, Some
        >>> Seq.extract_somes(Seq.from_list([Some(1), Nothing, Some(3)]))
        <1,3>
        """
        items = s._items[s._lo : s._hi]
        return _view(tuple([m.unwrap() for m in items if m is not Nothing]))

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

    @overload
    @staticmethod
    def to_string(f: Callable[[A], str]) -> Callable[[Seq[A]], str]: ...
    @overload
    @staticmethod
    def to_string(f: Callable[[A], str], s: Seq[A]) -> str: ...
    @staticmethod
    def to_string(
        f: Callable[[A], str], s: Seq[A] | None = None
    ) -> str | Callable[[Seq[A]], str]:
        """``toString : ('a -> string) -> 'a seq -> string``, as ``<x0,x1,...>``.

        ENSURES: ``f`` applied left to right. ``Seq.to_string(f)`` alone is the curried form.

        >>> Seq.to_string(str, Seq.from_list([1, 2, 3]))
        '<1,2,3>'
        >>> Seq.to_string(str)(Seq.empty())
        '<>'
        """
        if s is None:
            return lambda t: Seq.to_string(f, t)
        return "<" + ",".join([f(x) for x in s._items[s._lo : s._hi]]) + ">"

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

        ENSURES: ``nth i (map f s) == f (nth i s)``, ``f`` applied left to right. O(n).

        >>> Seq.map(lambda x: x + 1, Seq.from_list([1, 2]))
        <2,3>
        >>> from sml150._toolz import pipe
        >>> pipe(Seq.tabulate(lambda i: i, 5), Seq.filter(lambda x: x % 2 == 0), Seq.map(str))
        <'0','2','4'>
        """
        if s is None:
            return lambda t: Seq.map(f, t)
        return _view(tuple([f(x) for x in s._items[s._lo : s._hi]]))

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

        ENSURES: the elements ``x`` of ``s`` with ``p x``, in order; ``p`` applied left to right.
        O(n).

        >>> Seq.filter(lambda x: x % 2 == 0, Seq.tabulate(lambda i: i, 6))
        <0,2,4>
        >>> def odd(x: int) -> bool:
        ...     return x % 2 == 1
        >>> Seq.filter(odd)(Seq.tabulate(lambda i: i, 6))
        <1,3,5>
        """
        if s is None:
            return lambda t: Seq.filter(p, t)
        return _view(tuple([x for x in s._items[s._lo : s._hi] if p(x)]))

    @overload
    @staticmethod
    def map_idx(f: Callable[[A, int], B]) -> Callable[[Seq[A]], Seq[B]]: ...
    @overload
    @staticmethod
    def map_idx(f: Callable[[A, int], B], s: Seq[A]) -> Seq[B]: ...
    @staticmethod
    def map_idx(
        f: Callable[[A, int], B], s: Seq[A] | None = None
    ) -> Seq[B] | Callable[[Seq[A]], Seq[B]]:
        """``mapIdx : ('a * int -> 'b) -> 'a seq -> 'b seq`` (2016 HW10, BetterSeq).

        Takes ``f`` of the element and its index, in that order (SML ``fn (x, i) => ...``; the
        15-210 library's ``mapIdx`` passes ``(i, x)`` instead).
        REQUIRES: nothing. ENSURES: ``nth i (mapIdx f s) == f (nth i s, i)``, ``f`` applied left
        to right (the course code is ``tabulate (fn i => f (nth i S, i)) (length S)``). O(n).
        ``Seq.map_idx(f)`` alone is the curried form.

        >>> Seq.map_idx(lambda x, i: f"{i}:{x}", Seq.from_list(["a", "b"]))
        <'0:a','1:b'>
        """
        if s is None:
            return lambda t: Seq.map_idx(f, t)
        items, lo = s._items, s._lo
        return _view(tuple([f(items[lo + i], i) for i in range(s._hi - lo)]))

    @staticmethod
    def zip(s1: Seq[A], s2: Seq[B]) -> Seq[tuple[A, B]]:
        """``zip : 'a seq * 'b seq -> ('a * 'b) seq``, as long as the shorter argument.

        >>> Seq.zip(Seq.from_list([1, 2, 3]), Seq.from_list("ab"))
        <(1, 'a'),(2, 'b')>
        """
        return _view(tuple(zip(s1, s2, strict=False)))

    @overload
    @staticmethod
    def reduce(f: Callable[[A, A], A]) -> Callable[[A, Seq[A]], A]: ...
    @overload
    @staticmethod
    def reduce(f: Callable[[A, A], A], b: A) -> Callable[[Seq[A]], A]: ...
    @overload
    @staticmethod
    def reduce(f: Callable[[A, A], A], b: A, s: Seq[A]) -> A: ...
    @staticmethod
    def reduce(
        f: Callable[[A, A], A], b: A | _Missing = _MISSING, s: Seq[A] | _Missing = _MISSING
    ) -> A | Callable[[Seq[A]], A] | Callable[[A, Seq[A]], A]:
        """``reduce : ('a * 'a -> 'a) -> 'a -> 'a seq -> 'a``, bracketed as the course library does.

        ENSURES: ``reduce f b <x0, ..., xn-1> == f(x0, f(x1, ... f(xn-1, b)))`` (a right fold;
        ``b`` for the empty sequence). For an associative ``f`` with unit ``b`` any bracketing
        agrees; this one makes ported code that is not so behave exactly as in SML. O(n) calls
        of ``f``. A prefix is the curried form: ``Seq.reduce(f, b)`` is ``reduce f b``, a
        function of the sequence; ``Seq.reduce(f)`` is ``reduce f``, a function of ``b`` and the
        sequence.

        >>> Seq.reduce(lambda x, y: f"({x}+{y})", "b", Seq.from_list(["1", "2", "3"]))
        '(1+(2+(3+b)))'
        >>> import operator
        >>> Seq.reduce(operator.add, 0)(Seq.from_list([1, 2, 3]))
        6
        """
        if s is _MISSING or b is _MISSING:
            if b is _MISSING:
                return lambda b1, t: Seq.reduce(f, b1, t)
            base = b
            return lambda t: Seq.reduce(f, base, t)
        acc = b
        items = s._items
        # Inv: acc == f(x_{i+1}, ... f(x_{hi-1}, b))
        for i in range(s._hi - 1, s._lo - 1, -1):
            acc = f(items[i], acc)
        return acc

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
        """``reduce1 : ('a * 'a -> 'a) -> 'a seq -> 'a``: ``reduce`` with the last element as base.

        REQUIRES: ``s`` non-empty (else ``Range``).
        ENSURES: ``reduce1 f <x0, ..., xn-1> == f(x0, f(x1, ... xn-1))``. ``Seq.reduce1(f)``
        alone is the curried form.

        >>> Seq.reduce1(lambda x, y: f"({x}+{y})", Seq.from_list(["1", "2", "3"]))
        '(1+(2+3))'
        >>> Seq.reduce1(max)(Seq.from_list([3, 9, 2]))
        9
        """
        if s is None:
            return lambda t: Seq.reduce1(f, t)
        if not s:
            raise Range("Seq.reduce1: the sequence is empty")
        return Seq.reduce(f, s._items[s._hi - 1], _view(s._items, s._lo, s._hi - 1))

    @overload
    @staticmethod
    def mapreduce(f: Callable[[A], B]) -> Callable[[B, Callable[[B, B], B], Seq[A]], B]: ...
    @overload
    @staticmethod
    def mapreduce(f: Callable[[A], B], b: B) -> Callable[[Callable[[B, B], B], Seq[A]], B]: ...
    @overload
    @staticmethod
    def mapreduce(
        f: Callable[[A], B], b: B, c: Callable[[B, B], B]
    ) -> Callable[[Seq[A]], B]: ...
    @overload
    @staticmethod
    def mapreduce(f: Callable[[A], B], b: B, c: Callable[[B, B], B], s: Seq[A]) -> B: ...
    @staticmethod
    def mapreduce(
        f: Callable[[A], B],
        b: B | _Missing = _MISSING,
        c: Callable[[B, B], B] | _Missing = _MISSING,
        s: Seq[A] | _Missing = _MISSING,
    ) -> (
        B
        | Callable[[Seq[A]], B]
        | Callable[[Callable[[B, B], B], Seq[A]], B]
        | Callable[[B, Callable[[B, B], B], Seq[A]], B]
    ):
        """``mapreduce : ('a -> 'b) -> 'b -> ('b * 'b -> 'b) -> 'a seq -> 'b``.

        ENSURES: ``mapreduce f b c s == reduce c b (map f s)``, the course library's definition
        ``reduce c b o map f``, side effects included: ``f`` runs on every element left to
        right first, then ``c`` folds from the right, exactly as ``reduce`` does. O(n) calls of
        ``f`` and of ``c``. A prefix is the curried form: ``Seq.mapreduce(f, b, c)`` is
        ``mapreduce f b c``, a function of the sequence, and so on.

        >>> Seq.mapreduce(len, 0, lambda x, y: x + y, Seq.from_list(["ab", "c"]))
        3
        >>> seen: list[str] = []
        >>> Seq.mapreduce(lambda x: seen.append(x) or x, "", lambda x, y: x + y,
        ...               Seq.from_list(["a", "b", "c"]))
        'abc'
        >>> seen
        ['a', 'b', 'c']
        >>> import operator
        >>> Seq.mapreduce(len, 0, operator.add)(Seq.from_list(["ab", "c"]))
        3
        """
        if s is _MISSING or b is _MISSING or c is _MISSING:
            return _mapreduce_prefix(f, b, c)
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


def _mapreduce_prefix(
    f: Callable[[A], B], b: B | _Missing, c: Callable[[B, B], B] | _Missing
) -> (
    Callable[[Seq[A]], B]
    | Callable[[Callable[[B, B], B], Seq[A]], B]
    | Callable[[B, Callable[[B, B], B], Seq[A]], B]
):
    """``mapreduce f``, ``mapreduce f b`` or ``mapreduce f b c``: the function of the rest."""
    if b is _MISSING:
        return lambda b1, c1, t: Seq.mapreduce(f, b1, c1, t)
    base = b
    if c is _MISSING:
        return lambda c1, t: Seq.mapreduce(f, base, c1, t)
    comb = c
    return lambda t: Seq.mapreduce(f, base, comb, t)

"""``TranspositionTable``: a bounded map from positions to what a search learnt about them.

As on the slides: an entry holds a value or a bound, the depth it was searched to, and the best
move found. For minimax the value is exact (``EXACT``); for alpha-beta a fail-soft result
``v`` under the window ``(alpha, beta)`` is stored as a ``LOWER`` bound when ``v >= beta``, an
``UPPER`` bound when ``v <= alpha``, and ``EXACT`` otherwise. A probe answers a request for depth
``d`` only from an entry searched to depth ``>= d``, and only as what it is: an exact value
answers any window, a lower bound only a request it fails high (``v >= beta``), an upper bound
only one it fails low (``v <= alpha``). So a bound stored under one window is never taken for an
exact value under another.

The table has ``capacity`` slots (a power of two), indexed by ``index(key)``: the key's hash
mixed by a multiplication (Fibonacci hashing), then masked. Masking the hash alone would index
a bitboard key (an ``int``, its own hash) by its low bits, one corner of the board: 2,687 slots
for 53,721 probes of a depth-12 Connect Four search, most entries evicting each other (mixed:
17,927 slots, and the search 2.5 times smaller). Each slot holds one ``Slot`` record (key, depth,
flag, value, move, generation). The slots live in a ``dict`` filled on demand, so a big table
costs nothing until it is used and never holds more than ``capacity`` entries. The engine reads
and writes them only through ``slot``, ``answer`` and ``store``. Replacement policies:

- ``"depth"`` (default): *depth-preferred with ageing*. A new entry replaces the slot's entry if
  the slot is empty, holds an entry of an older search (``generation``), or holds an entry
  searched no deeper; so within one search a deeper entry is kept, even against a new entry of
  the same key. Deep entries cost the most to recompute and cut the most, so they are kept;
  ageing keeps stale deep entries from blocking the table forever.
- ``"always"``: always replace (Pons' Connect Four solver): the newest entry is the likeliest to
  be probed again soon, and a store costs nothing to decide.

A table is private to one search unless the caller passes the same table to several searches
(iterative deepening does, on purpose) — of the same game: keys of two games may collide. Each
public search call starts a new ``generation``. An entry costs about 150 bytes, so the default
``2**20`` slots hold at most about 150 MB, and only as many as a search fills.

>>> tt = TranspositionTable(capacity=8)
>>> tt.store("x", 3, LOWER, 5, "m")
>>> tt.probe("x")
Entry(key='x', depth=3, flag=<Flag.LOWER: 1>, value=5, move='m')
>>> tt.store("x", 1, EXACT, 4, None)   # shallower entry of the same search: depth-preferred keeps 3
>>> tt.probe("x").depth
3
"""

from __future__ import annotations

import enum
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple, Protocol, final

import attrs

from sml150.search.score import Score, from_node

if TYPE_CHECKING:
    from mypy_extensions import i64  # a native integer when compiled (mypyc); else an int

__all__ = [
    "EXACT",
    "LOWER",
    "UPPER",
    "Entry",
    "Flag",
    "Policy",
    "Slot",
    "Table",
    "TranspositionTable",
    "flag_of",
    "keeps",
]


class Flag(enum.IntEnum):
    """What an entry's value is: exact, a lower bound (failed high), an upper bound (failed low).

    >>> Flag.EXACT, int(Flag.UPPER)
    (<Flag.EXACT: 0>, 2)
    """

    EXACT = 0
    LOWER = 1
    UPPER = 2


EXACT: Final = Flag.EXACT
LOWER: Final = Flag.LOWER
UPPER: Final = Flag.UPPER


def flag_of(v: Score, alpha: Score, beta: Score) -> Flag:
    """What a fail-soft result ``v`` found under ``(alpha, beta)`` is.

    ENSURES: ``UPPER`` when ``v <= alpha`` (failed low), ``LOWER`` when ``v >= beta`` (failed
    high), else ``EXACT``.

    >>> flag_of(0, 0, 5), flag_of(5, 0, 5), flag_of(3, 0, 5)
    (<Flag.UPPER: 2>, <Flag.LOWER: 1>, <Flag.EXACT: 0>)
    """
    return UPPER if v <= alpha else LOWER if v >= beta else EXACT

MIX: Final[int] = 0x9E3779B97F4A7C15
"""The Fibonacci multiplier (2**64 / golden ratio, odd): a key's slot is ``((hash(key) * MIX) >>
29) & mask``, bits of the product that every low bit of the hash reaches."""

_MIX64: Final[i64] = MIX - (1 << 64)
"""``MIX`` as a signed 64-bit integer. ``hash(key) * _MIX64`` differs from ``hash(key) * MIX`` by a
multiple of ``2**64``, so bits 29 to 63 of the two products are the same: the slot is the same
for every table of up to ``2**35`` slots (``_SMALL``), and the compiled build computes it in one
machine multiplication (``MIX`` itself would make it a product of Python ints)."""

_SMALL: Final = 1 << 35
"""The largest capacity whose slots ``_MIX64`` computes."""


def index(key: Hashable, mask: int) -> int:
    """The slot of ``key`` in a table of ``mask + 1`` slots (what ``slot`` and ``store`` inline).

    >>> sorted({index(c << 7 * 3, 15) for c in range(1, 64)}) == list(range(16))
    True
    >>> sorted({(c << 7 * 3) & 15 for c in range(1, 64)})   # the hash masked alone: one slot
    [0]
    """
    return ((hash(key) * MIX) >> 29) & mask


Policy = Literal["depth", "always"]
"""The replacement policies (see the module docstring)."""


def keeps(held_generation: int, held_depth: int, generation: int, depth: int) -> bool:
    """The depth-preferred replacement rule: whether a slot keeps its entry against a new one.

    The one copy of the rule, for ``TranspositionTable`` and ``SharedTable`` alike.
    ENSURES: an entry of this search (``held_generation == generation``) searched deeper than
    the new one's ``depth`` is kept; anything older or shallower (or as deep) is replaced.

    >>> keeps(3, 8, 3, 5), keeps(3, 5, 3, 5), keeps(2, 8, 3, 5)
    (True, False, False)
    """
    return held_generation == generation and held_depth > depth


class Slot(NamedTuple):
    """One slot's entry, as the table stores it (a named tuple: the engine's hot loop reads it).

    >>> Slot("k", 3, LOWER, 5, None, 0).depth
    3
    """

    key: Hashable
    """The position's key (the state, or the game's ``tt_key``)."""
    depth: int
    """The depth searched below the position."""
    flag: Flag
    """Whether ``value`` is exact or a bound."""
    value: Score
    """The node-relative score (``sml150.search.score``)."""
    move: Any
    """The best move found (canonical orientation for a ``Symmetric`` game), or ``None``."""
    generation: int
    """The search that stored it (``TranspositionTable.generation``)."""

    def answer(self, depth: int, alpha: Score, beta: Score, ply: int, exact_depth: bool
               ) -> Score | None:
        """The root-relative value this entry gives a request, or ``None`` if it gives none.

        REQUIRES: the request is for the entry's position at ``ply``, searched ``depth`` plies
        under the window ``(alpha, beta)``.
        ENSURES: an answer only from an entry searched to ``depth`` (or deeper, unless
        ``exact_depth``), and only as what it is: an exact value answers any window, a lower
        bound only a request it fails high (``>= beta``), an upper bound only one it fails low
        (``<= alpha``).

        >>> Slot("k", 3, LOWER, 5, None, 0).answer(2, 0, 4, 0, False)
        5
        >>> Slot("k", 3, LOWER, 5, None, 0).answer(2, 0, 9, 0, False) is None  # 5 < beta
        True
        """
        return answer(self, depth, alpha, beta, ply, exact_depth)


def answer(e: Slot, depth: int, alpha: Score, beta: Score, ply: int,  # noqa: PLR0917 -- Slot.answer's arguments
           exact_depth: bool) -> Score | None:
    """``e.answer(depth, alpha, beta, ply, exact_depth)``, as a function.

    The engine's kernel calls this: the compiled build calls a function directly, where a method
    is looked up on the tuple at every call.

    >>> answer(Slot("k", 3, EXACT, 5, None, 0), 3, 0, 4, 0, True)
    5
    """
    if e.depth == depth or (e.depth > depth and not exact_depth):
        v = from_node(e.value, ply)
        f = e.flag
        if f is EXACT or (f is LOWER and v >= beta) or (f is UPPER and v <= alpha):
            return v
    return None


class Table(Protocol):
    """What the engine's kernel needs of a table.

    ``TranspositionTable``, or ``SharedTable`` (``sml150.search.sharedtable``), shared by the
    processes of a parallel search.

    >>> tt: Table = TranspositionTable(2)
    >>> tt.store("x", 1, EXACT, 0, None); tt.slot("x").value
    0
    """

    generation: int

    def slot(self, key: Hashable) -> Slot | None:
        """The entry stored for ``key``, or ``None``."""

    def store(self, key: Hashable, depth: int, flag: Flag, value: Score, move: Any) -> None:
        """Record an entry (a table may decline to)."""

    def new_search(self) -> None:
        """Start a new generation."""


@final
@attrs.frozen
class Entry:
    """One stored entry, as ``probe`` returns it (a copy: the table's slots stay its own).

    >>> Entry("k", 2, EXACT, 0, None).flag
    <Flag.EXACT: 0>
    """

    key: Hashable
    """The position's key (the state, or the game's ``tt_key``)."""
    depth: int
    """The depth searched below the position."""
    flag: Flag
    """Whether ``value`` is exact or a bound."""
    value: int
    """The node-relative score (``sml150.search.score``)."""
    move: Any
    """The best move found (canonical orientation for a ``Symmetric`` game), or ``None``."""


@final
class TranspositionTable:
    """A bounded transposition table (see the module docstring). Mutable on purpose.

    REQUIRES: ``capacity`` a power of two >= 1 and ``policy`` in ``("depth", "always")``; else
    ``ValueError``.

    >>> TranspositionTable(capacity=10)
    Traceback (most recent call last):
    ...
    ValueError: TranspositionTable: capacity must be a power of two >= 1, not 10
    """

    __slots__ = ("_always", "_small", "capacity", "generation", "mask", "policy", "slots")

    def __init__(self, capacity: int = 1 << 20, policy: Policy = "depth") -> None:
        if isinstance(capacity, bool) or not isinstance(capacity, int):
            raise TypeError(f"TranspositionTable: capacity must be an int, not {capacity!r}")
        if capacity < 1 or capacity & (capacity - 1):
            raise ValueError(
                f"TranspositionTable: capacity must be a power of two >= 1, not {capacity}"
            )
        if policy not in ("depth", "always"):
            raise ValueError(
                f"TranspositionTable: policy must be 'depth' or 'always', not {policy!r}"
            )
        self.capacity: int = capacity
        """The number of slots."""
        self.mask: int = capacity - 1
        """``index(key)`` keeps this many low bits of the mixed hash."""
        self.policy: Policy = policy
        """The replacement policy."""
        self.generation: int = 0
        """The current search's number (entries of older searches age out)."""
        self.slots: dict[int, Slot] = {}
        """The slots by index (``index(key)``)."""
        self._always: bool = policy == "always"
        """Whether the policy is ``"always"``."""
        self._small: bool = capacity <= _SMALL
        """Whether ``_MIX64`` gives ``index``'s slots (``slot`` and ``store`` use it then)."""

    def __repr__(self) -> str:
        return (f"TranspositionTable(capacity={self.capacity}, policy={self.policy!r},"
                f" used={self.used()})")

    def new_search(self) -> None:
        """Start a new generation: entries stored so far become replaceable.

        >>> tt = TranspositionTable(4); tt.new_search(); tt.generation
        1
        """
        self.generation += 1

    def clear(self) -> None:
        """Forget every entry.

        >>> tt = TranspositionTable(4); tt.store(1, 0, EXACT, 0, None); tt.clear(); tt.used()
        0
        """
        self.slots.clear()

    def used(self) -> int:
        """How many slots hold an entry.

        >>> TranspositionTable(4).used()
        0
        """
        return len(self.slots)

    def probe(self, key: Hashable) -> Entry | None:
        """The entry stored for ``key``, or ``None``.

        >>> TranspositionTable(4).probe("nothing") is None
        True
        """
        e = self.slot(key)
        return None if e is None else Entry(e.key, e.depth, e.flag, e.value, e.move)

    def slot(self, key: Hashable) -> Slot | None:
        """The slot's entry stored for ``key`` (the table's own record), or ``None``.

        >>> tt = TranspositionTable(4); tt.store("a", 1, UPPER, -3, None)
        >>> tt.slot("a").flag, tt.slot("b")
        (<Flag.UPPER: 2>, None)
        """
        if self._small:  # ``index(key, self.mask)``, in machine integers where they suffice
            h: i64 = hash(key)
            e = self.slots.get(((h * _MIX64) >> 29) & self.mask)
        else:
            e = self.slots.get(((hash(key) * MIX) >> 29) & self.mask)
        return e if e is not None and e.key == key else None

    def store(self, key: Hashable, depth: int, flag: Flag, value: Score, move: Any) -> None:
        """Record ``value`` (node-relative) for ``key`` searched to ``depth``, by the policy.

        ENSURES: with policy ``"always"`` the entry is stored; with ``"depth"`` it is stored
        unless the slot holds an entry of this generation searched deeper (of any key, this
        one included).

        >>> tt = TranspositionTable(1)       # one slot: every key collides
        >>> tt.store("a", 5, EXACT, 1, None); tt.store("b", 2, EXACT, 2, None)
        >>> tt.probe("a").value, tt.probe("b")
        (1, None)
        """
        if self._small:  # as in ``slot``
            h: i64 = hash(key)
            i = ((h * _MIX64) >> 29) & self.mask
        else:
            i = ((hash(key) * MIX) >> 29) & self.mask
        slots = self.slots
        if not self._always:
            e = slots.get(i)
            if e is not None and e.generation == self.generation and e.depth > depth:
                return  # ``keeps``, inlined
        # tuple.__new__ builds the same Slot as Slot(...) without its Python-level __new__:
        # a store happens at every interior node the engine searches.
        slots[i] = _tuple_new(Slot, (key, depth, flag, value, move, self.generation))


_tuple_new: Final = tuple.__new__
"""``tuple.__new__``, looked up once (the compiled build would look it up at every call)."""

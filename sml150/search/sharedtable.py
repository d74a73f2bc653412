"""``SharedTable``: a transposition table in memory shared by the processes of one search.

What Lazy SMP and ABDADA share between workers (``sml150.search.smp``): the entries of a
``TranspositionTable`` (``sml150.search.table``), with the same meaning and the same probe
rules (``Slot.answer``), and a small table of the moves being searched right now. It lives in
a file under ``/dev/shm`` (or the temporary directory), mapped by every worker of the search on
this machine; the creator removes the file when the search ends.

**Layout.** 64-bit words: a header (word 0: the stop flag; word 1: the generation), then
``BUSY`` words of the moves being searched, then two words per slot. A slot holds ``check =
key ^ data`` and ``data``, ``data`` packing the entry::

    value (32 bits, signed) | depth (16) | move (8) | flag (2) | generation + 1 (6)

**Lock-free** (Hyatt and Mann's lockless hashing): two workers may write one slot at once,
and a reader may see one word of one write and the other of another. A read is taken only when
``check ^ data`` is the probed key, which a torn pair fails unless both writes were of the same
key (then either entry is right); an empty slot has generation bits 0 and is no entry. So a
probe answers with an entry that some worker stored for that key, or with none: what a private
table guarantees. The depth-preferred replacement is decided without a lock, so a deeper entry
is sometimes overwritten by a concurrent store: a lost entry costs time, never a value.

**What fits.** A key must be an ``int`` in ``[0, 2**63)`` (the game's ``tt_key`` or
``canonical`` key: a bitboard or a Zobrist hash); others are never stored (a miss). A move is
kept if it is an ``int`` in ``[0, 255)``, else stored as ``None`` (the value still counts). A
value is kept if it is a heuristic score within ``2**30`` or a win or loss within ``2**30 - 2``
plies; a depth if it is below ``2**15`` or within ``2**15`` of a solve. Anything else is not
stored: a store may always be skipped.

Written by hand: no library offers a lock-free hash table over shared memory for Python
(``multiprocessing.Manager`` dicts cost a round trip per probe, ``shared_memory`` is the
raw bytes this module uses).

>>> with SharedTable.create(capacity=8) as tt:
...     tt.store(12345, 3, LOWER, 5, 2)
...     tt.slot(12345)
Slot(key=12345, depth=3, flag=<Flag.LOWER: 1>, value=5, move=2, generation=0)
"""

from __future__ import annotations

import contextlib
import mmap
import os
import tempfile
import uuid
from collections.abc import Hashable, Iterator, Sequence
from types import TracebackType
from typing import Any, Final, final

from sml150.search._core import SOLVE_DEPTH
from sml150.search.score import WIN, Score
from sml150.search.table import EXACT, LOWER, MIX, UPPER, Flag, Slot, keeps

__all__ = ["BUSY", "PREFIX", "SharedTable", "SharedTableError", "table_dir"]

BUSY: Final[int] = 1 << 14
"""Words of the table of moves being searched (ABDADA's "exclusive" marks)."""

_HEADER: Final[int] = 8
_KEY_LIMIT: Final[int] = 1 << 63
_VALUE_LIMIT: Final[int] = 1 << 30
_MATE_FLOOR: Final[int] = WIN - (_VALUE_LIMIT - 2)
_DEPTH_LIMIT: Final[int] = 1 << 15
_NO_MOVE: Final[int] = 255
_FLAGS: Final = (EXACT, LOWER, UPPER)


PREFIX: Final[str] = "sml150-table-"
"""How the files of shared tables are named (in ``table_dir()``)."""


def table_dir() -> str:
    """Where shared tables are made: ``/dev/shm`` (memory) if writable, else the temp folder.

    >>> os.path.isdir(table_dir())
    True
    """
    if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK):
        return "/dev/shm"
    return tempfile.gettempdir()


class SharedTableError(OSError):
    """The table's file cannot be made or opened here (another machine's worker, say)."""


def _encode_value(v: Score) -> int | None:
    if -_VALUE_LIMIT < v < _VALUE_LIMIT:
        return v
    if v >= _MATE_FLOOR:
        return _VALUE_LIMIT + (WIN - v)
    if v <= -_MATE_FLOOR:
        return -_VALUE_LIMIT - (WIN + v)
    return None


def _decode_value(x: int) -> Score:
    if x >= _VALUE_LIMIT:
        return WIN - (x - _VALUE_LIMIT)
    if x <= -_VALUE_LIMIT:
        return -WIN - (x + _VALUE_LIMIT)
    return x


def _encode_depth(d: int) -> int | None:
    if 0 <= d < _DEPTH_LIMIT:
        return d
    if 0 <= SOLVE_DEPTH - d < _DEPTH_LIMIT:
        return _DEPTH_LIMIT | (SOLVE_DEPTH - d)
    return None


def _decode_depth(x: int) -> int:
    return SOLVE_DEPTH - (x & (_DEPTH_LIMIT - 1)) if x & _DEPTH_LIMIT else x


@final
class SharedTable:
    """A transposition table shared by processes (see the module docstring). Mutable on purpose.

    ``create`` makes one (its owner removes it on ``close``); ``attach(path)`` maps an existing
    one in another process of the same machine. It has the ``TranspositionTable`` methods the
    engine uses (``slot``, ``store``, ``new_search``, ``generation``) and the stop flag and busy
    marks of a parallel search.

    REQUIRES: ``capacity`` a power of two >= 1; else ``ValueError``.

    >>> SharedTable.create(capacity=6)
    Traceback (most recent call last):
    ...
    ValueError: SharedTable: capacity must be a power of two >= 1, not 6
    """

    __slots__ = ("_file", "_map", "_owner", "_words", "capacity", "generation", "mask", "path")

    def __init__(self, path: str, owner: bool) -> None:
        self.path: str = path
        """The file holding the table (give it to ``attach``)."""
        self._owner = owner
        try:
            fd = os.open(path, os.O_RDWR)
        except OSError as e:
            raise SharedTableError(
                f"SharedTable: cannot open {path} ({e.strerror}): a shared table is in one "
                "machine's memory; run the search's workers on this machine") from e
        try:
            size = os.fstat(fd).st_size
            self._map = mmap.mmap(fd, size)
        finally:
            os.close(fd)
        self._words = memoryview(self._map).cast("q")
        slots = (len(self._words) - _HEADER - BUSY) // 2
        self.capacity: int = slots
        """The number of slots."""
        self.mask: int = slots - 1
        self.generation: int = self._words[1]
        """The current search's number (entries of older searches age out)."""
        self._file = None

    @classmethod
    def create(cls, capacity: int = 1 << 20) -> SharedTable:
        """A new, empty table of ``capacity`` slots (16 bytes each), owned by the caller.

        ENSURES: the file exists until ``close`` (or the ``with`` block's end) removes it.

        >>> with SharedTable.create(4) as tt:
        ...     os.path.exists(tt.path), tt.capacity
        (True, 4)
        """
        if isinstance(capacity, bool) or not isinstance(capacity, int):
            raise TypeError(f"SharedTable: capacity must be an int, not {capacity!r}")
        if capacity < 1 or capacity & (capacity - 1):
            raise ValueError(
                f"SharedTable: capacity must be a power of two >= 1, not {capacity}")
        path = os.path.join(table_dir(), f"{PREFIX}{uuid.uuid4().hex}")
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.ftruncate(fd, 8 * (_HEADER + BUSY + 2 * capacity))
        finally:
            os.close(fd)
        return cls(path, owner=True)

    @classmethod
    def attach(cls, path: str) -> SharedTable:
        """The table ``create`` made at ``path``, mapped in this process (not its owner).

        REQUIRES: ``path`` names a live table on this machine; else ``SharedTableError``.

        >>> SharedTable.attach("/nonexistent/table")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        sml150.search.sharedtable.SharedTableError: SharedTable: cannot open /nonexistent/...
        """
        return cls(path, owner=False)

    def close(self) -> None:
        """Unmap the table; its owner also removes the file. Idempotent."""
        if self._map.closed:
            return
        self._words.release()
        self._map.close()
        if self._owner:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.path)

    def __enter__(self) -> SharedTable:
        return self

    def __exit__(self, t: type[BaseException] | None, e: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"SharedTable(capacity={self.capacity}, path={self.path!r})"

    # -- the stop flag ------------------------------------------------------------------------

    def stop(self) -> None:
        """Ask every worker of the search to stop (they poll ``stopped``)."""
        self._words[0] = 1

    def stopped(self) -> bool:
        """Whether ``stop`` was called, by any process.

        >>> with SharedTable.create(2) as tt:
        ...     before = tt.stopped(); tt.stop(); before, tt.stopped()
        (False, True)
        """
        return self._words[0] != 0

    def new_search(self) -> None:
        """Start a new generation (entries of older ones become replaceable), for every process.

        >>> with SharedTable.create(2) as tt:
        ...     tt.new_search(); tt.generation, SharedTable.attach(tt.path).generation
        (1, 1)
        """
        self.generation = (self.generation + 1) % 63
        self._words[1] = self.generation
        self._words[0] = 0

    # -- entries ------------------------------------------------------------------------------

    def slot(self, key: Hashable) -> Slot | None:
        """The entry some worker stored for ``key``, or ``None`` (as ``TranspositionTable``).

        >>> with SharedTable.create(4) as tt:
        ...     tt.store(7, 2, EXACT, -WIN + 3, None)
        ...     e = tt.slot(7)
        >>> e.value == -WIN + 3, e.move, tt.slot("a string")
        (True, None, None)
        """
        if type(key) is not int or not 0 <= key < _KEY_LIMIT:
            return None
        w = self._words
        i = _HEADER + BUSY + 2 * (((key * MIX) >> 29) & self.mask)
        data = w[i + 1]
        if (w[i] ^ data) != key or not data & 63:
            return None
        m = (data >> 8) & 255
        return tuple.__new__(Slot, (
            key, _decode_depth((data >> 16) & 0xFFFF), _FLAGS[(data >> 6) & 3],
            _decode_value(data >> 32), None if m == _NO_MOVE else m, (data & 63) - 1))

    def store(self, key: Hashable, depth: int, flag: Flag, value: Score, move: Any) -> None:
        """Record an entry as ``TranspositionTable.store`` does (depth-preferred with ageing).

        ENSURES: stored unless the slot holds a deeper entry of this generation, or something
        does not fit (the module docstring says what fits); a move that does not fit is
        stored as ``None``.

        >>> with SharedTable.create(1) as tt:     # one slot: every key collides
        ...     tt.store(1, 5, EXACT, 1, 0); tt.store(2, 2, EXACT, 2, 0)
        ...     tt.slot(1).value, tt.slot(2)
        (1, None)
        """
        if type(key) is not int or not 0 <= key < _KEY_LIMIT:
            return
        v = _encode_value(value)
        d = _encode_depth(depth)
        if v is None or d is None:
            return
        w = self._words
        i = _HEADER + BUSY + 2 * (((key * MIX) >> 29) & self.mask)
        gen = self.generation + 1
        old = w[i + 1]
        if keeps(old & 63, _decode_depth((old >> 16) & 0xFFFF), gen, depth):
            return
        m = move if type(move) is int and 0 <= move < _NO_MOVE else _NO_MOVE
        data = (v << 32) | (d << 16) | (m << 8) | (int(flag) << 6) | gen
        w[i + 1] = data
        w[i] = key ^ data

    def used(self) -> int:
        """How many slots hold an entry of this generation (a scan: for tests and reports).

        >>> with SharedTable.create(8) as tt:
        ...     tt.store(1, 1, EXACT, 0, None); tt.store(2, 1, EXACT, 0, None); tt.used()
        2
        """
        w = self._words
        gen = self.generation + 1
        base = _HEADER + BUSY
        return sum(1 for j in range(self.capacity) if w[base + 2 * j + 1] & 63 == gen)

    # -- moves being searched (ABDADA) --------------------------------------------------------

    def defer(self, key: Hashable, moves: Sequence[Any]) -> Iterator[Any]:
        """``moves`` in the order to search them at the node ``key``, marking each as searched.

        The first move comes first; a later move another worker is searching now (marked here)
        is put off until the others are done (ABDADA's deferral, as Kerrigan simplified it). A
        move is marked while the caller searches it (between this generator's yield and its
        next step) and unmarked after, or when the caller stops early (a cut-off, an error).

        >>> with SharedTable.create(2) as tt:
        ...     busy = tt.defer(9, [0, 1, 2]); first = next(busy); second = next(busy)
        ...     order = [first, second, *tt.defer(9, [0, 1, 2])]  # 1 is being searched
        ...     busy.close()
        >>> order
        [0, 1, 0, 2, 1]
        """
        if type(key) is not int:  # no stable hash to share: the search order
            yield from moves
            return
        w = self._words
        mapped = self._map

        def order() -> Iterator[tuple[Any, int, int]]:
            # each move with its mark and the mark's word; a busy later move after the rest
            # (whether it is busy is read when the caller is ready for it)
            later = []
            for n, m in enumerate(moves):
                h = ((key * 8191 + hash(m) + 1) * MIX) & 0x7FFFFFFFFFFFFFFF
                j = _HEADER + ((h >> 29) & (BUSY - 1))
                if n and w[j] == h:
                    later.append((m, j, h))
                else:
                    yield m, j, h
            yield from later

        for m, j, h in order():
            w[j] = h
            try:
                yield m
            finally:
                if not mapped.closed and w[j] == h:  # the caller may let go after the table
                    w[j] = 0

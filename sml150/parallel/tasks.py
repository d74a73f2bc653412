r"""Tasks on any executor: what they carry, captured printing, lost workers, retried maps.

A task's worker may die (loky's ``TerminatedWorkerError``, any ``BrokenExecutor``, Dask's
``KilledWorker``): ``map_retrying`` runs such a task again; ``sml150.parallel.tree`` does the
same for a tree search's tasks.

What a search's tasks carry: ``Shipped``, a value every task needs (the player), pickled once
and unpickled once per worker; ``Packer``, the tasks' own values (a subtree's state and
window), pickled so that the parts they share with the first one (a Riskless board's names
and neighbour lists) travel once per worker, not with every task.

>>> captured_call(print, "from a task").text
'from a task\n'
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import pickle
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import BrokenExecutor, Executor, Future, as_completed
from typing import Any, Final, Generic, ParamSpec, TypeVar, final

import attrs

__all__ = ["Captured", "Packed", "Packer", "Shipped", "WorkerLost", "captured_call", "gather",
           "lost_worker_errors", "map_retrying"]

T = TypeVar("T")
A = TypeVar("A")
P = ParamSpec("P")


# -- values sent once per worker ------------------------------------------------------------------

_RECEIVED: dict[bytes, Any] = {}
"""In a worker process: the values of ``Shipped`` blobs already unpickled, by digest.

A cache of immutable values keyed by their pickled bytes' digest, so it cannot change what a
task computes; bounded to ``_RECEIVED_MAX`` entries (the oldest go first)."""
_RECEIVED_MAX: Final = 16
_received_lock = threading.Lock()


def _received(key: bytes, blob: bytes) -> Shipped[Any]:
    """Unpickle a ``Shipped`` value, or take it from this process's cache."""
    with _received_lock:
        if key in _RECEIVED:
            return Shipped(_RECEIVED[key], _key=key, _blob=blob)
    value = pickle.loads(blob)  # our own bytes, pickled by the orchestrator
    with _received_lock:
        if len(_RECEIVED) >= _RECEIVED_MAX:
            del _RECEIVED[next(iter(_RECEIVED))]
        _RECEIVED[key] = value
    return Shipped(value, _key=key, _blob=blob)


@final
class Shipped(Generic[T]):
    """A value every task of a search needs (the player, the game): pickled once per search.

    Pickling a ``Shipped`` sends the same bytes each time (cloudpickle runs once, at the first
    send); a worker process unpickles them once and then reuses the value for every task that
    brings the same bytes. The value must be immutable, as the search's players and games are.

    >>> s = Shipped((1, "two"))
    >>> again = pickle.loads(pickle.dumps(s))
    >>> again.get(), pickle.loads(pickle.dumps(s)).get() is again.get()  # unpickled once
    ((1, 'two'), True)
    """

    __slots__ = ("_blob", "_key", "_value")

    def __init__(self, value: T, *, _key: bytes | None = None, _blob: bytes | None = None
                 ) -> None:
        self._value = value
        self._key = _key
        self._blob = _blob

    def get(self) -> T:
        """The value."""
        return self._value

    def __reduce__(self) -> tuple[Callable[[bytes, bytes], Shipped[Any]], tuple[bytes, bytes]]:
        if self._blob is None or self._key is None:
            import cloudpickle

            blob = cloudpickle.dumps(self._value)
            self._key = hashlib.blake2b(blob, digest_size=16).digest()
            self._blob = blob
        return (_received, (self._key, self._blob))


# -- values that share parts with the first one -----------------------------------------------

_SCALARS: Final = (int, float, bool, complex, type(None))
"""Values pickled in a few bytes: never worth a place in a ``Packer``'s table."""


class _Discard:
    """A file that forgets what is written (``Packer`` pickles its reference only to walk it)."""

    def write(self, b: bytes) -> int:
        return len(b)


class _Collecting(pickle.Pickler):
    """Pickles a value only to list, once each and in order, the parts it is made of."""

    def __init__(self) -> None:
        super().__init__(_Discard(), protocol=pickle.HIGHEST_PROTOCOL)
        self.parts: dict[int, object] = {}

    def persistent_id(self, obj: object) -> None:
        if not isinstance(obj, _SCALARS):
            self.parts.setdefault(id(obj), obj)


class _Sharing(pickle.Pickler):
    """Pickles a value, each part found in the table as its index (a persistent id)."""

    def __init__(self, file: io.BytesIO, ids: dict[int, int]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self._ids = ids

    def persistent_id(self, obj: object) -> int | None:
        return self._ids.get(id(obj))


class _Shared(pickle.Unpickler):
    """Unpickles what ``_Sharing`` wrote, each index back to its part of the table."""

    def __init__(self, blob: bytes, table: tuple[Any, ...]) -> None:
        super().__init__(io.BytesIO(blob))
        self._table = table

    def persistent_load(self, pid: Any) -> Any:
        return self._table[pid]


@final
@attrs.frozen
class Packed(Generic[T]):
    """A value as ``Packer.pack`` pickled it; ``unpack()`` in the worker gives it back."""

    table: Shipped[tuple[Any, ...]] | None
    """The parts shared with the first value packed (``None``: not packed against them)."""
    blob: bytes
    """The value's pickle (by cloudpickle where ``table`` is ``None``)."""

    def unpack(self) -> T:
        """The value (equal to the one packed).

        >>> Packer().pack(("a", 1)).unpack()
        ('a', 1)
        """
        if self.table is None:
            value: T = pickle.loads(self.blob)  # our own bytes, pickled by the orchestrator
            return value
        shared: T = _Shared(self.blob, self.table.get()).load()
        return shared


@final
class Packer:
    """Pickles the values of one search's tasks; the parts they share with the first travel once.

    The first value packed is the reference: every part of it that is not a number (found by
    pickling it) goes into a table, sent once to each worker as a ``Shipped``; a value packed
    later refers to each part it holds *itself* (the same object) by its index in the table
    (pickle's persistent ids) instead of carrying it. A tree search's states share most of
    their parts with each other (the board's names and neighbour lists in Riskless, which
    ``make_move`` passes on), so a task carries what differs. Values are pickled by the C
    pickler (cloudpickle, which the executors use, runs Python code for each object it saves:
    twice the time); where that fails (a lambda, a class defined in a function), this and
    every later value are pickled by cloudpickle, without the table. Why not a library: the
    table is the search's own (its first state), which no serialiser knows.

    REQUIRES: the values immutable, as a GAME's states are (a shared part is the reference's
    part, as it was at the first ``pack``). ENSURES: ``pack(v).unpack() == v`` (in any process).

    >>> p = Packer()
    >>> names = tuple(f"Land{i}" for i in range(40))
    >>> first, later = p.pack((names, 1)), p.pack((names, 2))   # the table: names and its 40
    >>> len(first.table.get()), len(later.blob), len(pickle.dumps((names, 2), protocol=5))
    (42, 19, 369)
    >>> later.unpack() == (names, 2)
    True
    """

    def __init__(self) -> None:
        self._table: Shipped[tuple[Any, ...]] | None = None
        self._ids: dict[int, int] = {}
        self._plain = True
        """Whether the C pickler has pickled every value so far."""
        self._lock = threading.Lock()  # an executor may pickle tasks in a thread of its own

    def pack(self, value: T) -> Packed[T]:
        """``value`` pickled (see the class): what a task carries instead of it.

        >>> Packer().pack(lambda: 1).table is None   # the C pickler cannot: by cloudpickle
        True
        """
        with self._lock:
            packed = self._by_table(value) if self._plain else None
        if packed is not None:
            return packed
        import cloudpickle

        return Packed(None, cloudpickle.dumps(value))

    def _by_table(self, value: T) -> Packed[T] | None:
        """``value`` pickled against the table (made from it if none yet).

        ``None`` where the C pickler cannot (and from then on, ``_plain`` is false).
        """
        try:
            if self._table is None:
                walk = _Collecting()
                walk.dump(value)
                parts = tuple(walk.parts.values())
                self._ids = {id(part): i for i, part in enumerate(parts)}
                self._table = Shipped(parts)  # holds the parts: their ids stay theirs
            out = io.BytesIO()
            _Sharing(out, self._ids).dump(value)
            return Packed(self._table, out.getvalue())
        except (pickle.PicklingError, AttributeError, TypeError):
            self._plain = False  # cloudpickle from now on (it raises if it cannot either)
            return None


@final
@attrs.frozen
class Captured(Generic[T]):
    """A task's result and what it printed to stdout."""

    result: T
    """What the function returned."""
    text: str
    """What it printed (replayed by the caller, so the output order stays deterministic)."""


def captured_call(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Captured[T]:
    r"""Call ``fn`` with stdout captured: a task whose printing the caller replays in order.

    >>> captured_call(print, "hi")
    Captured(result=None, text='hi\n')
    """
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        result = fn(*args, **kwargs)
    return Captured(result, out.getvalue())


class WorkerLost(RuntimeError):
    """A task's worker died more often than the retries allowed."""


def lost_worker_errors() -> tuple[type[BaseException], ...]:
    """The exceptions that mean a task's worker died (so the task may run again elsewhere).

    >>> BrokenExecutor in lost_worker_errors()
    True
    """
    try:
        from distributed import KilledWorker
    except ImportError:  # pragma: no cover - dask is an extra
        return (BrokenExecutor,)
    return (BrokenExecutor, KilledWorker)


def map_retrying(
    ex: Executor,
    fn: Callable[[A], T],
    items: Sequence[A],
    *,
    retries: int = 2,
    on_done: Callable[[int, T], None] | None = None,
    on_lost: Callable[[A, BaseException], T] | None = None,
) -> list[T]:
    """``[fn(x) for x in items]`` as tasks of ``ex``; a task whose worker died is resubmitted.

    REQUIRES: ``fn`` and the items picklable (for process and Dask executors).
    ENSURES: the results in the order of ``items``. A task lost with its worker (loky's
    ``TerminatedWorkerError``, any ``BrokenExecutor``, Dask's ``KilledWorker``) runs again, up
    to ``retries`` more times; then ``on_lost(item, error)`` is its result if given, else
    ``WorkerLost`` names it. Any other exception of ``fn`` propagates. ``on_done(i, result)``
    is called as each task finishes (e.g. for a progress bar), in completion order.

    >>> from sml150.parallel.executors import SerialExecutor
    >>> map_retrying(SerialExecutor(), abs, [-1, 2, -3])
    [1, 2, 3]
    """
    lost = lost_worker_errors()
    results: dict[int, T] = {}
    tries = dict.fromkeys(range(len(items)), 0)
    pending: dict[Future[T], int] = {ex.submit(fn, x): i for i, x in enumerate(items)}
    # Inv: every index is in exactly one of results and pending.values().
    while pending:
        for future in as_completed(list(pending)):
            i = pending.pop(future)
            try:
                value = future.result()
            except lost as e:
                tries[i] += 1
                if tries[i] <= retries:
                    pending[ex.submit(fn, items[i])] = i
                    break  # resubmitted: wait on the new set of futures
                if on_lost is None:
                    raise WorkerLost(
                        f"task {i} lost its worker {tries[i]} times (last: {e!r})"
                    ) from e
                value = on_lost(items[i], e)
            results[i] = value
            if on_done is not None:
                on_done(i, value)
    return [results[i] for i in range(len(items))]


def gather(futures: Iterable[Future[T]]) -> list[T]:
    """The results of ``futures``, in order (the first exception propagates).

    >>> from sml150.parallel.executors import SerialExecutor
    >>> ex = SerialExecutor()
    >>> gather([ex.submit(abs, -1), ex.submit(abs, -2)])
    [1, 2]
    """
    return [f.result() for f in futures]

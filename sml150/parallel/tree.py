"""Tree-shaped parallel searches on an executor: nodes split lazily, taken in sequential order.

(Over 400 lines: one scheduler: its tasks, its split rule and its cost model share the task
records.)

A parallel game-tree search (the handouts' Jamboree, Kuszmaul's Jamboree) is a recursion in
which some children of a node are searched one after another and others side by side. Each
node can be searched in one of two ways that give the same answer:

- **whole**: one executor task runs the sequential recursion on the node's subtree;
- **split**: the node is expanded here, in the orchestrating thread, and its children become
  nodes in turn.

``TreeScheduler`` chooses, node by node, at the moment a worker could take the node. A node
above ``coarse`` is always split; between ``coarse`` and the leaves the algorithm allows (its
``grain``), a node is split only when the workers would otherwise starve (fewer nodes wait than
there are workers), and runs whole otherwise. So tasks are as coarse as the parallelism at hand
allows (little overhead per position), and fine where it runs short (on the critical path of
first, sequential children). Waiting nodes go to the workers in the order of their keys (paths
of child indices from the root, compared as tuples): the sequential search's order, so earlier
siblings, which later ones may wait for, go first.

Splitting has a price the workers do not share: this process spends CPU time on every task
(splitting the nodes above it, pickling it, reading its result), so it can hand out one task
per ``o`` seconds, and ``N`` workers stay fed only by tasks of ``N o`` seconds or more. A node
that says its ``height`` (its depth left: nodes of one height cost about the same) is
therefore split only while its children's tasks are worth it: while the tasks of their height
finished so far took, on average, at least ``N o`` seconds of CPU, with ``o`` this process's
CPU time per task so far (tasks run in this process excluded). Until a task of that height
has finished, the starving rule alone decides. So many workers get coarser tasks than two (the
HW11 Earth search at depth 5: 172 tasks at 2 workers, as before; 100 at 8 and 16, where the
starving rule alone made about 530 and 780), and a costlier executor (Dask, whose scheduler
runs here) coarser still.

The recursion run whole and the one split here are the same function of the node, so the
result and every count a search reports are those of the sequential run, whatever the
executor, the timing, or the choices made here.

The orchestration is an ``asyncio`` event loop in one thread: a node's search is a coroutine
that awaits ``subtree`` for a child, and ``gather`` for children side by side. A task whose
worker died (loky's ``TerminatedWorkerError``, Dask's ``KilledWorker``) is submitted again, up
to ``retries`` times; then the search fails with ``WorkerLost`` (never a hang).

Why not a library: work-stealing schedulers (Dask's, Ray's) split work that *workers* spawn;
here the orchestrator must decide how deep to split from what it knows (the queue, the
sequential order), so that the same search runs unchanged on loky, Dask or in one process.

>>> import functools
>>> async def tree(sched: TreeScheduler, key: tuple[int, ...], depth: int) -> int:
...     # the number of leaves of a binary tree: each node whole (sum of 2**depth) or split
...     whole = functools.partial(pow, 2, depth)
...     split = None if depth == 0 else (lambda: children(sched, key, depth))
...     return await sched.subtree(key, whole, split)
>>> async def children(sched: TreeScheduler, key: tuple[int, ...], depth: int) -> int:
...     return sum(await gather(tree(sched, (*key, i), depth - 1) for i in range(2)))
>>> from sml150.parallel.executors import SerialExecutor
>>> run_tree(SerialExecutor(), lambda sched: children(sched, (), 10))
1024
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import heapq
import itertools
import os
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any, Final, Generic, NamedTuple, TypeVar, cast, final

from sml150.parallel.executors import is_serial
from sml150.parallel.tasks import WorkerLost, lost_worker_errors

__all__ = ["Shipped", "TreeScheduler", "gather", "parallelism", "run_tree"]

T = TypeVar("T")

_SPLIT: Final = object()
"""What a node's decision future holds when the node is to be split here."""


def parallelism(ex: Executor) -> int:
    """How many tasks ``ex`` runs at once: its workers (Dask: the cluster's threads, now).

    REQUIRES: nothing. ENSURES: ``>= 1``; 1 for ``SerialExecutor``; an executor of unknown
    kind is taken to have one worker per core.

    >>> from sml150.parallel.executors import SerialExecutor
    >>> parallelism(SerialExecutor())
    1
    >>> with ThreadPoolExecutor(3) as pool:
    ...     parallelism(pool)
    3
    """
    if is_serial(ex):
        return 1
    counted = getattr(ex, "workers", None)  # sml150.parallel's executors say so themselves
    if counted is None:
        counted = getattr(ex, "_max_workers", None)  # concurrent.futures' pools
    return max(1, counted if isinstance(counted, int) else (os.cpu_count() or 1))


# -- values sent once per worker ------------------------------------------------------------------

_RECEIVED: dict[bytes, Any] = {}
"""In a worker process: the values of ``Shipped`` blobs already unpickled, by digest.

A cache of immutable values keyed by their pickled bytes' digest, so it cannot change what a
task computes; bounded to ``_RECEIVED_MAX`` entries (the oldest go first)."""
_RECEIVED_MAX: Final = 16
_received_lock = threading.Lock()


def _received(key: bytes, blob: bytes) -> Shipped[Any]:
    """Unpickle a ``Shipped`` value, or take it from this process's cache."""
    import pickle

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

    >>> import pickle
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


# -- the scheduler ------------------------------------------------------------------------------


@final
class _Node:
    """A node waiting for its decision (split here, or its whole task's result)."""

    __slots__ = ("decided", "force", "height", "split", "submitted", "tries", "whole")

    def __init__(self, whole: Callable[[], Any], split: bool, force: bool,
                 decided: asyncio.Future[Any], height: int | None) -> None:
        self.whole = whole
        self.split = split
        self.force = force
        self.decided = decided
        self.height = height
        self.submitted: Future[Any] | None = None
        self.tries = 0


@final
class TreeScheduler:
    """Decides, for each node of one search, whether it runs whole (a task) or splits here.

    Made by ``run_tree`` inside its event loop; used only from that loop's thread. See the
    module docstring for the policy. ``tasks`` and ``splits`` count the decisions taken.
    """

    def __init__(self, ex: Executor, *, coarse: int = 0, retries: int = 2,
                 on_task: Callable[[Any], None] | None = None) -> None:
        self._ex = ex
        self._loop = asyncio.get_running_loop()
        self._workers = parallelism(ex)
        # In one process a whole task would run its own event loop inside this one: split all.
        # Tasks run here are counted by the searches they run, so on_task does not see them.
        serial = is_serial(ex)
        self._coarse = 1 << 30 if serial else coarse
        self._retries = retries
        self._on_task = None if serial else on_task
        self._heap: list[tuple[tuple[int, ...], int, _Node]] = []
        self._order = itertools.count()
        self._in_flight = 0
        self._pump_due = False
        self._pid = os.getpid()
        self._cpu0 = time.process_time()
        self._cpu_here = 0.0
        """CPU seconds of the tasks that ran in this process (not the orchestrator's)."""
        self._costs: dict[int, tuple[float, int]] = {}
        """By height: the CPU seconds of the tasks finished, and how many."""
        self.tasks = 0
        """Whole tasks submitted (retries included)."""
        self.splits = 0
        """Nodes split here."""

    async def subtree(self, key: Sequence[int], whole: Callable[[], T],
                      split: Callable[[], Awaitable[T]] | None = None, *,
                      height: int | None = None) -> T:
        """The value of one node: ``whole()`` as a task of the executor, or ``await split()``.

        REQUIRES: ``whole`` picklable for a process or Dask executor (a ``functools.partial``
        of a module-level function, say), and ``whole()`` equal to what ``split()`` gives;
        ``split`` ``None`` when the node cannot be split (a leaf, or at the grain). ``key``:
        the node's path from the root (the dispatch order); a node whose ply ``len(key)`` is
        below ``coarse`` is always split. ``height``, if given: the node's depth left, its
        children's ``height - 1`` (nodes of one height cost about the same): the node is then
        split only while its children's tasks are long enough to keep the workers fed (see
        the module's doc), and its task reports its CPU time.
        ENSURES: the node's value; a worker lost more than ``retries`` times raises
        ``WorkerLost``; an exception of the task propagates. Cancelled (an abandoned subtree):
        the node is withdrawn if still waiting.
        """
        k = tuple(key)
        node = _Node(whole, split is not None, split is not None and len(k) < self._coarse,
                     self._loop.create_future(), height)
        heapq.heappush(self._heap, (k, next(self._order), node))
        self._pump_soon()
        try:
            outcome = await node.decided
        except asyncio.CancelledError:
            if node.submitted is not None:
                node.submitted.cancel()  # not started: it never runs (running: ignored)
            raise
        if outcome is _SPLIT:
            assert split is not None
            return await split()
        return cast(T, outcome)

    def _pump_soon(self) -> None:
        """Decide after the coroutines ready now have run (so siblings are all waiting)."""
        if not self._pump_due:
            self._pump_due = True
            self._loop.call_soon(self._pump)

    def _pump(self) -> None:
        """Give waiting nodes their decisions, while fewer tasks are out than workers can take.

        (Up to twice the workers are submitted, so a worker that finishes finds its next task
        queued, not waiting on this thread.)
        """
        self._pump_due = False
        while self._heap and self._in_flight < 2 * self._workers:
            _, _, node = heapq.heappop(self._heap)
            if node.decided.done():
                continue  # withdrawn (its subtree was abandoned)
            waiting = len(self._heap) + max(0, self._in_flight - self._workers)
            if node.split and (node.force or (waiting < self._workers
                                              and self._worth_splitting(node))):
                self.splits += 1
                node.decided.set_result(_SPLIT)
            else:
                self._submit(node)

    def _worth_splitting(self, node: _Node) -> bool:
        """Whether ``node``'s children's tasks are long enough to keep the workers fed.

        By what the tasks of their height cost so far (see the module's doc).
        """
        if node.height is None or node.height - 1 not in self._costs:
            return True
        cpu, count = self._costs[node.height - 1]
        mine = (time.process_time() - self._cpu0 - self._cpu_here) / max(1, self.tasks)
        return cpu / count >= self._workers * mine

    def _submit(self, node: _Node) -> None:
        self._in_flight += 1
        self.tasks += 1
        task = node.whole if node.height is None else functools.partial(_timed, node.whole)
        try:
            submitted = self._ex.submit(task)
        except Exception as e:  # the executor refused (shut down): the search fails
            self._in_flight -= 1
            node.decided.set_exception(e)
            return
        node.submitted = submitted
        loop = self._loop

        def done(f: Future[Any]) -> None:
            # RuntimeError: the loop is closed, the search ended without this result
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._finished, node, f)

        submitted.add_done_callback(done)

    def _costed(self, height: int, timed: _Timed) -> Any:
        """A timed task's value; its CPU time counted for its height."""
        cpu, count = self._costs.get(height, (0.0, 0))
        self._costs[height] = (cpu + timed.cpu, count + 1)
        if timed.pid == self._pid:
            self._cpu_here += timed.cpu
        return timed.value

    def _finished(self, node: _Node, f: Future[Any]) -> None:
        self._in_flight -= 1
        if not node.decided.done():
            error = None if f.cancelled() else f.exception()
            if f.cancelled():
                node.decided.cancel()
            elif error is None:
                result = f.result()
                if node.height is not None:
                    result = self._costed(node.height, result)
                if self._on_task is not None:
                    self._on_task(result)
                node.decided.set_result(result)
            elif isinstance(error, lost_worker_errors()) and node.tries < self._retries:
                node.tries += 1
                self._submit(node)
            elif isinstance(error, lost_worker_errors()):
                lost = WorkerLost(f"a search task lost its worker {node.tries + 1} times "
                                  f"(last: {error!r})")
                lost.__cause__ = error
                node.decided.set_exception(lost)
            else:
                node.decided.set_exception(error)
        self._pump_soon()


class _Timed(NamedTuple):
    """A task's value, the CPU seconds it took and the process it ran in."""

    value: Any
    """What the task returned."""
    cpu: float
    """Its thread's CPU time."""
    pid: int
    """The process it ran in."""


def _timed(whole: Callable[[], Any]) -> _Timed:
    """A task that says what it cost: ``whole()``, timed in the worker.

    >>> _timed(lambda: 42).value
    42
    """
    t0 = time.thread_time()
    value = whole()
    return _Timed(value, time.thread_time() - t0, os.getpid())


async def gather(aws: Iterable[Awaitable[T]]) -> list[T]:
    """Await several children side by side; their values in order.

    ENSURES: the first exception (in order) propagates, and the children still running are
    cancelled (also when this coroutine is cancelled).

    >>> async def double(x: int) -> int:
    ...     return 2 * x
    >>> asyncio.run(gather(double(x) for x in range(3)))
    [0, 2, 4]
    """
    tasks = [asyncio.ensure_future(a) for a in aws]
    try:
        return [await t for t in tasks]
    finally:
        for t in tasks:
            t.cancel()  # no effect on the finished ones


def run_tree(ex: Executor, main: Callable[[TreeScheduler], Coroutine[Any, Any, T]], *,
             coarse: int = 0, retries: int = 2,
             on_task: Callable[[Any], None] | None = None) -> T:
    """Run a tree search's root coroutine ``main(scheduler)`` on an event loop of its own.

    REQUIRES: ``main`` awaits its children through the scheduler (``subtree``, ``gather``).
    ENSURES: its value. ``on_task`` sees each whole task's result as it arrives, in the
    orchestrating thread (progress, e.g. a live count of positions searched in the workers);
    with a serial executor the tasks run here and count for themselves, so it sees none.
    Called where an event loop already runs (a notebook), the search runs in a thread of its
    own.

    >>> from sml150.parallel.executors import SerialExecutor
    >>> async def root(sched: TreeScheduler) -> int:
    ...     return await sched.subtree((0,), lambda: 42)
    >>> run_tree(SerialExecutor(), root)
    42
    """

    async def go() -> T:
        return await main(TreeScheduler(ex, coarse=coarse, retries=retries, on_task=on_task))

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(go())
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, go()).result()

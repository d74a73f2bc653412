"""One seam for parallel and distributed runs: a ``concurrent.futures.Executor`` chosen by a spec.

``executor(spec)`` is a context manager yielding the executor a spec string names:

==================  ==========================================================================
``serial``          the default: each task runs at ``submit``, in order, in this process
``processes:N``     ``N`` worker processes (a loky pool owned by the context: cloudpickle, so
                    closures made by the functors and attrs states travel); ``processes``
                    alone: one per core
``dask`` /          a ``distributed.LocalCluster`` started for the run (``N`` workers, 2 by
``dask:N``          default, one thread each, loopback only, no dashboard), closed at exit
``dask:ADDRESS``    an existing Dask scheduler, e.g. ``dask:tcp://10.0.0.5:8786`` (to scale out)
==================  ==========================================================================

Every command takes ``--executor SPEC``. How one parallel search is cut into tasks for an
executor (which subtrees run whole, which split, in what order) is ``sml150.parallel.tree``.

>>> with executor("serial") as ex:
...     ex.submit(pow, 2, 10).result()
1024
>>> parse_spec("processes:3")
ExecutorSpec(kind='processes', workers=3, address=None)
>>> parse_spec("threads")
Traceback (most recent call last):
...
ValueError: bad executor spec 'threads': use serial, processes[:N], dask[:N] or dask:ADDRESS
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import BrokenExecutor, Executor, Future, as_completed
from typing import Any, Final, Generic, Literal, ParamSpec, TypeVar, final

import attrs

__all__ = [
    "ACCEPTED",
    "MAX_LOCAL_WORKERS",
    "Captured",
    "ExecutorSpec",
    "SerialExecutor",
    "WorkerLost",
    "captured_call",
    "executor",
    "gather",
    "is_serial",
    "lost_worker_errors",
    "map_retrying",
    "parse_spec",
    "progress",
]

T = TypeVar("T")
A = TypeVar("A")
P = ParamSpec("P")

ACCEPTED: Final = "serial, processes[:N], dask[:N] or dask:ADDRESS"
"""The spec forms, as error messages list them."""

Kind = Literal["serial", "processes", "dask"]

MAX_LOCAL_WORKERS: Final = max(8, 4 * (os.cpu_count() or 1))
"""The most worker processes ``processes:N`` and ``dask:N`` start on this machine."""


@final
@attrs.frozen
class ExecutorSpec:
    """A parsed executor spec (see ``parse_spec``)."""

    kind: Kind
    """``serial``, ``processes`` or ``dask``."""
    workers: int | None = None
    """How many workers (``None``: the kind's default)."""
    address: str | None = None
    """An existing Dask scheduler's address (``dask:ADDRESS`` only)."""


def parse_spec(spec: str) -> ExecutorSpec:
    """Parse an executor spec string.

    REQUIRES: ``spec`` is ``serial``, ``processes``, ``processes:N``, ``dask``, ``dask:N`` (N a
    whole number >= 1) or ``dask:ADDRESS`` (``host:port`` or ``scheme://host:port``); else
    ``ValueError`` naming the spec and the accepted forms.
    ENSURES: the parsed record.

    >>> parse_spec("serial")
    ExecutorSpec(kind='serial', workers=None, address=None)
    >>> parse_spec("dask:tcp://127.0.0.1:8786").address
    'tcp://127.0.0.1:8786'
    >>> parse_spec("dask:4").workers
    4
    >>> parse_spec("processes:0")
    Traceback (most recent call last):
    ...
    ValueError: bad executor spec 'processes:0': use serial, processes[:N], dask[:N] or dask:ADDRESS
    >>> parse_spec(f"processes:{MAX_LOCAL_WORKERS + 1}")
    Traceback (most recent call last):
    ...
    ValueError: bad executor spec 'processes:...': at most ... worker processes on this machine ...

    (``N`` worker processes start on this machine, so ``N`` is at most ``MAX_LOCAL_WORKERS``.)
    """
    bad = ValueError(f"bad executor spec {spec!r}: use {ACCEPTED}")
    kind, colon, rest = spec.strip().partition(":")
    kind = kind.lower()
    if colon and not rest:
        raise bad
    if kind == "serial" and not rest:
        return ExecutorSpec("serial")
    if kind in ("processes", "dask") and re.fullmatch(r"[0-9]+", rest):
        digits = rest.lstrip("0") or "0"  # a huge N is never converted
        n = int(digits) if len(digits) <= 6 else MAX_LOCAL_WORKERS + 1
        if n < 1:
            raise bad
        if n > MAX_LOCAL_WORKERS:
            raise ValueError(
                f"bad executor spec {spec!r}: at most {MAX_LOCAL_WORKERS} worker processes on"
                f" this machine ({os.cpu_count() or 1} cores; more only compete for them); use"
                " dask:ADDRESS to scale out")
        return ExecutorSpec("processes" if kind == "processes" else "dask", n)
    if kind == "processes":
        if not rest:
            return ExecutorSpec("processes", os.cpu_count() or 1)
        raise bad
    if kind == "dask":
        if not rest:
            return ExecutorSpec("dask", 2)
        if re.fullmatch(r"([a-z]+://)?[\w.\-\[\]:]+:[0-9]+", rest):
            return ExecutorSpec("dask", address=rest)
    raise bad


@final
class SerialExecutor(Executor):
    """Runs each task at ``submit``, in this process and thread: results in submission order.

    An exception the task raises is stored in its future (``result()`` re-raises it), as any
    executor does.

    >>> f = SerialExecutor().submit(int, "x")
    >>> f.exception()
    ValueError("invalid literal for int() with base 10: 'x'")
    """

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` now; its (finished) future.

        >>> SerialExecutor().submit(sum, [1, 2]).result()
        3
        """
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as e:  # the future carries it, as in every executor
            future.set_exception(e)
        return future


@final
class _Loky(Executor):
    """A pool of loky worker processes owned by one ``executor("processes:N")`` context.

    Each context has its own pool (not loky's process-wide reusable executor, which two open
    contexts would share, sized by whichever asked last). A worker that dies breaks a loky
    pool: its pending futures fail with ``TerminatedWorkerError`` (a ``BrokenExecutor``), and
    the next ``submit`` starts a fresh pool, so a caller may resubmit what failed
    (``map_retrying`` and ``sml150.parallel.tree`` do). ``shutdown`` stops the workers; tasks
    still running then (a search's abandoned subtrees) are not waited for.

    >>> with executor("processes:1") as a, executor("processes:2") as b:
    ...     a.workers, b.workers, len({f.result() for f in [a.submit(os.getpid)] * 2})
    (1, 2, 1)
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        """How many worker processes (tasks at once)."""
        self._lock = threading.Lock()
        self._pool: Any = None
        self._closed = False

    def _fresh(self, stale: Any) -> Any:
        """The current pool; a new one if ``stale`` (the one that failed) is current."""
        import loky

        with self._lock:
            if self._closed:
                raise RuntimeError("cannot schedule new futures after shutdown")
            if self._pool is None or self._pool is stale:
                if stale is not None:
                    stale.shutdown(wait=False, kill_workers=True)
                self._pool = loky.ProcessPoolExecutor(max_workers=self.workers)
            return self._pool

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        pool = self._pool or self._fresh(None)
        try:
            future: Future[T] = pool.submit(fn, *args, **kwargs)
        except (BrokenExecutor, RuntimeError):  # broken or shut down: the next one
            future = self._fresh(pool).submit(fn, *args, **kwargs)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop the workers (``wait``: after the tasks submitted so far have run)."""
        with self._lock:
            self._closed = True
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=wait, kill_workers=not wait)


@final
class _Dask(Executor):
    """A Dask client's executor (``Client.get_executor()``) that also knows its parallelism.

    Submitting goes straight to Dask's ``ClientExecutor``; ``workers`` asks the scheduler how
    many threads its workers have now (workers may join or leave a running cluster).
    """

    def __init__(self, client: Any) -> None:
        self._client = client
        self._ex: Executor = client.get_executor()

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        return self._ex.submit(fn, *args, **kwargs)

    @property
    def workers(self) -> int:
        """How many tasks the cluster runs at once (its workers' threads)."""
        threads: dict[str, int] = self._client.nthreads()
        return max(1, sum(threads.values()))

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._ex.shutdown(wait=wait)


def is_serial(ex: Executor) -> bool:
    """Whether ``ex`` runs each task at submit (so callers need no threads to wait on it).

    >>> is_serial(SerialExecutor())
    True
    """
    return isinstance(ex, SerialExecutor)


@contextlib.contextmanager
def executor(spec: str = "serial") -> Iterator[Executor]:
    """The executor ``spec`` names, for the duration of a ``with`` block.

    REQUIRES: ``spec`` as ``parse_spec`` accepts (else ``ValueError``); for ``dask``, the
    ``dask`` extra installed (else ``ValueError`` saying so); for ``dask:ADDRESS``, a scheduler
    listening there.
    ENSURES: a ``concurrent.futures.Executor``; a LocalCluster started here is closed at exit.

    >>> with executor("processes:2") as ex:
    ...     sorted(ex.map(abs, [-2, 1]))
    [1, 2]
    """
    parsed = parse_spec(spec)
    if parsed.kind == "serial":
        yield SerialExecutor()
        return
    if parsed.kind == "processes":
        pool = _Loky(parsed.workers or 1)
        try:
            yield pool
        finally:
            pool.shutdown(wait=False)  # every result needed has been taken by now
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - dask is an extra
        raise ValueError(
            f"executor {spec!r} needs dask: pip install 'sml150[dask]'"
        ) from None
    if parsed.address is not None:
        # distributed's constructors carry no annotations
        with Client(parsed.address, timeout=30) as client:  # type: ignore[no-untyped-call]
            ex = _Dask(client)
            yield ex
            ex.shutdown(wait=False)
        return
    import logging

    with LocalCluster(  # type: ignore[no-untyped-call]  # distributed: no annotations
        n_workers=parsed.workers or 2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        # no dashboard; the scheduler's HTTP endpoints on a free loopback port, not :8787
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
        host="127.0.0.1",
        silence_logs=logging.ERROR,
    ) as cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
        ex = _Dask(client)
        yield ex
        ex.shutdown(wait=False)


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


@contextlib.contextmanager
def progress(total: int, label: str) -> Iterator[Callable[[], None]]:
    """A rich progress bar on a terminal's stderr (nothing elsewhere); yields ``advance()``.

    >>> with progress(2, "games") as advance:  # not a terminal here: a no-op
    ...     advance()
    """
    if not sys.stderr.isatty():
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda: bar.advance(task)


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

    >>> ex = SerialExecutor()
    >>> gather([ex.submit(abs, -1), ex.submit(abs, -2)])
    [1, 2]
    """
    return [f.result() for f in futures]

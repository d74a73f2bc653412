"""The executors a spec names: in order here, a loky process pool, or a Dask cluster.

``executor(spec)`` is a context manager yielding the ``concurrent.futures.Executor`` a spec
string names (``sml150.parallel.spec``); the pool or cluster it starts is closed at exit.

>>> with executor("serial") as ex:
...     ex.submit(pow, 2, 10).result()
1024
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import BrokenExecutor, Executor, Future
from typing import Any, ParamSpec, TypeVar, final

from sml150.parallel.spec import parse_spec

__all__ = ["SerialExecutor", "executor", "is_serial"]

T = TypeVar("T")
P = ParamSpec("P")


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

    >>> import os
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
def executor(spec: str = "serial", *, connect_timeout: float = 30.0) -> Iterator[Executor]:
    """The executor ``spec`` names, for the duration of a ``with`` block.

    REQUIRES: ``spec`` as ``parse_spec`` accepts (else ``ValueError``); for ``dask``, the
    ``dask`` extra installed (else ``ValueError`` saying so); for ``dask:ADDRESS``, a scheduler
    listening there (else ``OSError`` after ``connect_timeout`` seconds).
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
        with Client(parsed.address,  # type: ignore[no-untyped-call]  # distributed's constructors carry no annotations
                    timeout=connect_timeout) as client:
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
    ) as cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]  # distributed's constructors carry no annotations
        ex = _Dask(client)
        yield ex
        ex.shutdown(wait=False)

r"""Tasks on any executor: captured printing, lost workers, retried maps, values pickled ahead.

A task's worker may die (loky's ``TerminatedWorkerError``, any ``BrokenExecutor``, Dask's
``KilledWorker``): ``map_retrying`` runs such a task again; ``sml150.parallel.tree`` does the
same for a tree search's tasks.

>>> captured_call(print, "from a task").text
'from a task\n'
"""

from __future__ import annotations

import contextlib
import io
import pickle
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import BrokenExecutor, Executor, Future, as_completed
from typing import Generic, ParamSpec, TypeVar, final

import attrs

__all__ = ["Captured", "Pickled", "WorkerLost", "captured_call", "gather", "lost_worker_errors",
           "map_retrying"]

T = TypeVar("T")
A = TypeVar("A")
P = ParamSpec("P")


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


@final
@attrs.frozen
class Pickled(Generic[T]):
    """A value pickled ahead by the C pickler, which the executors' cloudpickle would pickle.

    Why: cloudpickle (loky and Dask pickle every task with it) runs Python code for each object
    it saves, the C pickler only for objects that ask for it, so a search state of many small
    records pickles about twice as fast here (a Riskless Earth state: 0.22 ms against 0.47
    ms); the executor then pickles a ``bytes``. A value the C pickler cannot pickle (a lambda,
    a class defined in a function) is pickled by cloudpickle instead.

    >>> Pickled.of(("a", 1)).load()
    ('a', 1)
    >>> Pickled.of(lambda: 2).load()()   # by cloudpickle
    2
    """

    blob: bytes
    """The value's pickle."""

    @staticmethod
    def of(value: T) -> Pickled[T]:
        """``value`` pickled now.

        ENSURES: ``Pickled.of(v).load() == v``, in any process that can import its classes.

        >>> len(Pickled.of((1, 2)).blob) < 30
        True
        """
        try:
            return Pickled(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        except (pickle.PicklingError, AttributeError, TypeError):  # what cloudpickle is for
            import cloudpickle

            return Pickled(cloudpickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))

    def load(self) -> T:
        """The value.

        >>> Pickled.of([1]).load()
        [1]
        """
        value: T = pickle.loads(self.blob)  # our own bytes, pickled by the orchestrator
        return value


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

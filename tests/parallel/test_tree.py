"""The tree scheduler: the same value whatever is split, dispatch order, abandonment, lost workers.

The searched "trees" here are nested tuples of ints (a leaf is an int); a node's value is a
fold of its children's values that depends on their order, so any mix-up shows.
"""

from __future__ import annotations

import asyncio
import functools
import os
import pickle
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, ParamSpec, TypeAlias, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sml150.parallel import SerialExecutor, WorkerLost, executor
from sml150.parallel.tree import Shipped, TreeScheduler, gather, parallelism, run_tree

P = ParamSpec("P")
T = TypeVar("T")

Tree: TypeAlias = "int | tuple[Tree, ...]"

trees: st.SearchStrategy[Tree] = st.recursive(
    st.integers(-9, 9), lambda kids: st.tuples(kids, kids) | st.tuples(kids, kids, kids),
    max_leaves=40)


def fold(t: Tree) -> int:
    """The sequential value: leaves as they are, a node ``31 * v0 - v1 + 7 * v2 ...``."""
    if isinstance(t, int):
        return t
    return combine([fold(c) for c in t])


def combine(values: list[int]) -> int:
    acc = 0
    for i, v in enumerate(values):
        acc = (acc * 31 + (v if i % 2 == 0 else -v)) % 1_000_003
    return acc


def whole(t: Tree) -> int:
    """A task: the sequential value of a subtree (module level, so processes can run it)."""
    return fold(t)


async def value(sched: TreeScheduler, key: tuple[int, ...], t: Tree, grain: int) -> int:
    """The same value, split where the scheduler decides (children side by side)."""
    task = functools.partial(whole, t)
    if isinstance(t, int) or len(key) >= grain:
        return await sched.subtree(key, task)
    return await sched.subtree(key, task, lambda: split(sched, key, t, grain))


async def split(sched: TreeScheduler, key: tuple[int, ...], t: Tree, grain: int) -> int:
    assert not isinstance(t, int)
    return combine(await gather(value(sched, (*key, i), c, grain) for i, c in enumerate(t)))


def search(ex: Executor, t: Tree, grain: int, coarse: int) -> int:
    return run_tree(ex, lambda sched: value(sched, (), t, grain), coarse=coarse)


@pytest.fixture(scope="module")
def procs() -> Iterator[Executor]:
    with executor("processes:2") as ex:
        yield ex


@settings(max_examples=40, deadline=None)
@given(t=trees, grain=st.integers(0, 5), coarse=st.integers(0, 5))
def test_same_value_in_process_and_on_threads(t: Tree, grain: int, coarse: int) -> None:
    expected = fold(t)
    assert search(SerialExecutor(), t, grain, coarse) == expected
    with ThreadPoolExecutor(2) as pool:
        assert search(pool, t, grain, coarse) == expected


@settings(max_examples=8, deadline=None)
@given(t=trees, grain=st.integers(1, 4), coarse=st.integers(0, 4))
def test_same_value_on_processes(procs: Executor, t: Tree, grain: int, coarse: int) -> None:
    assert search(procs, t, grain, coarse) == fold(t)


class Recording(Executor):
    """Runs each task on one thread, in submission order, and records what it ran."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self.ran: list[Any] = []
        self._pool = ThreadPoolExecutor(1)

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        def run() -> T:
            self.ran.append(getattr(fn, "args", None))
            return fn(*args, **kwargs)

        return self._pool.submit(run)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._pool.shutdown(wait=wait)


def test_waiting_nodes_go_in_key_order_and_coarse_nodes_run_whole() -> None:
    # Eight children made in reverse order are submitted in key order. One worker and plenty
    # waiting: the root's children (ply 1 >= coarse 1) run whole; only the last one may be
    # split (when it is taken, nothing else may be waiting for the worker).
    t: tuple[Tree, ...] = tuple(tuple(range(i, i + 2)) for i in range(8))
    ex = Recording()

    async def root(sched: TreeScheduler) -> tuple[list[int], int, int]:
        kids = [value(sched, (i,), c, grain=3) for i, c in reversed(list(enumerate(t)))]
        got = await gather(kids)
        return got[::-1], sched.tasks, sched.splits

    got, tasks, splits = run_tree(ex, root, coarse=1)
    ex.shutdown()
    assert got == [fold(c) for c in t]
    assert [a[0] for a in ex.ran[:7]] == list(t[:7])  # whole children, in key order
    assert (tasks, splits) in ((8, 0), (9, 1))


def test_starving_workers_get_the_nodes_split() -> None:
    # As many workers as leaves: nothing ever waits, so every node above the grain splits.
    t: Tree = ((1, 2), (3, 4))
    ex = Recording(workers=8)

    async def root(sched: TreeScheduler) -> tuple[int, int, int]:
        v = await value(sched, (), t, grain=5)
        return v, sched.tasks, sched.splits

    assert run_tree(ex, root, coarse=5) == (fold(t), 4, 3)
    assert run_tree(ex, root, coarse=0) == (fold(t), 4, 3)
    ex.shutdown()


def test_an_abandoned_subtree_is_withdrawn_before_it_runs() -> None:
    gate = threading.Event()
    ex = Recording()

    def slow(x: int) -> int:
        gate.wait(10)
        return x

    async def root(sched: TreeScheduler) -> int:
        first = asyncio.ensure_future(sched.subtree((0,), functools.partial(slow, 0)))
        rest = [asyncio.ensure_future(sched.subtree((i,), functools.partial(abs, i)))
                for i in range(1, 10)]
        await asyncio.sleep(0.05)  # all submitted or waiting; the first one is running
        for r in rest:
            r.cancel()  # a cut-off: the siblings are abandoned
        gate.set()
        return await first

    assert run_tree(ex, root) == 0
    ex.shutdown()
    assert len(ex.ran) < 10  # the waiting ones never ran


def test_a_task_error_propagates_and_the_siblings_are_cancelled() -> None:
    t: Tree = (1, (2, 3))

    async def root(sched: TreeScheduler) -> list[int]:
        bad = sched.subtree((0,), functools.partial(int, "x"))
        return await gather([bad, value(sched, (1,), t, grain=2)])

    with ThreadPoolExecutor(2) as pool, pytest.raises(ValueError, match="invalid literal"):
        run_tree(pool, root)


def test_runs_inside_a_running_event_loop() -> None:
    async def notebook() -> int:
        return search(SerialExecutor(), ((1, 2), 3), 2, 0)

    assert asyncio.run(notebook()) == fold(((1, 2), 3))


def test_parallelism_of_each_executor(procs: Executor) -> None:
    assert parallelism(SerialExecutor()) == 1
    assert parallelism(procs) == 2
    with ThreadPoolExecutor(3) as pool:
        assert parallelism(pool) == 3


def test_shipped_values_are_unpickled_once_per_process() -> None:
    s = Shipped({"big": list(range(1000))})
    blob = pickle.dumps(s)
    a, b = pickle.loads(blob), pickle.loads(pickle.dumps(s))
    assert a.get() == s.get()
    assert a.get() is b.get()  # the second came from this process's cache
    assert pickle.dumps(s) == blob  # pickled once: the same bytes every time


def die_once(marker: Path, x: int) -> int:
    """Kill this worker the first time it runs with ``x == 1``."""
    if x == 1 and not marker.exists():
        marker.write_text("killed")
        os.kill(os.getpid(), signal.SIGKILL)
    return x


def always_die(x: int) -> int:
    os.kill(os.getpid(), signal.SIGKILL)
    return x


@pytest.mark.timeout(120)  # a lost worker must never hang a search
def test_a_task_whose_worker_died_runs_again(tmp_path: Path) -> None:
    marker = tmp_path / "killed"

    async def root(sched: TreeScheduler) -> list[int]:
        return await gather(sched.subtree((i,), functools.partial(die_once, marker, i))
                            for i in range(4))

    with executor("processes:2") as ex:
        assert run_tree(ex, root) == [0, 1, 2, 3]
    assert marker.exists()


@pytest.mark.timeout(120)  # a lost worker must never hang a search
def test_a_worker_that_always_dies_is_a_clear_error() -> None:
    async def root(sched: TreeScheduler) -> int:
        return await sched.subtree((0,), functools.partial(always_die, 7))

    with executor("processes:1") as ex, pytest.raises(WorkerLost, match="lost its worker 2 times"):
        run_tree(ex, root, retries=1)


def test_on_task_sees_each_task_run_elsewhere_and_none_run_here() -> None:
    t: Tree = ((1, 2), (3, (4, 5)))
    seen: list[int] = []
    with ThreadPoolExecutor(2) as pool:
        assert run_tree(pool, lambda sched: value(sched, (), t, grain=9), on_task=seen.append,
                        coarse=9) == fold(t)
    assert sorted(seen) == [1, 2, 3, 4, 5]  # every leaf is a task of the pool
    seen.clear()
    assert run_tree(SerialExecutor(), lambda sched: value(sched, (), t, grain=9),
                    on_task=seen.append) == fold(t)
    assert seen == []  # tasks run here count for themselves


def busy(seconds: float, x: int) -> int:
    """A task that spends ``seconds`` of CPU time, then returns ``x``."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass
    return x


def two(leaf: Callable[[int], int]) -> int:
    """A child's task: its two leaves, here."""
    return leaf(1) + leaf(1)


async def heights(sched: TreeScheduler, leaf: Callable[[int], int]) -> tuple[int, int, int]:
    """A root (height 2, always split) with 5 children (height 1) of 2 leaves (height 0) each;
    the first child alone first, then the other 4 side by side. Its sum, tasks and splits."""

    async def child(i: int) -> int:
        async def leaves() -> int:
            return sum(await gather(
                sched.subtree((i, j), functools.partial(leaf, 1), height=0) for j in range(2)))

        return await sched.subtree((i,), functools.partial(two, leaf), leaves, height=1)

    async def root() -> int:
        first = await child(0)  # split (starving, nothing known): its leaves' cost is known
        return first + sum(await gather(child(i) for i in range(1, 5)))

    total = await sched.subtree((), functools.partial(int, 10), root, height=2)
    return total, sched.tasks, sched.splits


def test_nodes_are_not_split_into_tasks_too_short_to_keep_the_workers_fed() -> None:
    # Eight starving workers, but leaves that cost next to nothing: after the first child's,
    # the others run whole (this process spends more on a task than a leaf takes).
    ex = Recording(workers=8)
    assert run_tree(ex, lambda sched: heights(sched, abs), coarse=1) == (10, 6, 2)
    ex.shutdown()


def test_nodes_are_split_into_tasks_long_enough() -> None:
    # Leaves of 20 ms of CPU are worth their dispatch: every child splits, as starving asks.
    # (The tasks run in this process, on a thread: their CPU is not the orchestrator's.)
    ex = Recording(workers=8)
    leaf = functools.partial(busy, 0.02)
    assert run_tree(ex, lambda sched: heights(sched, leaf), coarse=1) == (10, 10, 6)
    ex.shutdown()

"""The executor seam: spec parsing, the serial executor, and tasks whose worker is killed."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from sml150.parallel import (
    ExecutorSpec,
    SerialExecutor,
    WorkerLost,
    executor,
    map_retrying,
    parse_spec,
)


@pytest.mark.parametrize(
    ("spec", "parsed"),
    [("serial", ExecutorSpec("serial")),
     ("processes:2", ExecutorSpec("processes", 2)),
     ("PROCESSES:1", ExecutorSpec("processes", 1)),
     ("dask", ExecutorSpec("dask", 2)),
     ("dask:3", ExecutorSpec("dask", 3)),
     ("dask:tcp://127.0.0.1:8786", ExecutorSpec("dask", address="tcp://127.0.0.1:8786")),
     ("dask:scheduler.local:8786", ExecutorSpec("dask", address="scheduler.local:8786"))],
)
def test_specs_parse(spec: str, parsed: ExecutorSpec) -> None:
    assert parse_spec(spec) == parsed


@pytest.mark.parametrize(
    "spec", ["", "threads", "serial:2", "processes:", "processes:0", "processes:x", "dask:0",
             "dask:nowhere", "dask:tcp://host"],
)
def test_bad_specs_name_the_spec_and_the_forms(spec: str) -> None:
    with pytest.raises(ValueError, match="bad executor spec") as e:
        parse_spec(spec)
    assert repr(spec) in str(e.value)
    assert "processes[:N]" in str(e.value)
    assert "dask:ADDRESS" in str(e.value)


def test_serial_executor_runs_at_submit_in_order() -> None:
    seen: list[int] = []
    ex = SerialExecutor()
    futures = [ex.submit(seen.append, i) for i in range(3)]
    assert seen == [0, 1, 2]
    assert all(f.done() for f in futures)
    assert seen == [0, 1, 2]


def test_serial_executor_keeps_exceptions_in_futures() -> None:
    f = SerialExecutor().submit(int, "x")
    with pytest.raises(ValueError, match="invalid literal"):
        f.result()


def _die_once(args: tuple[Path, int]) -> int:
    """Kill this worker process the first time item 1 runs; square the item."""
    marker, x = args
    if x == 1 and not marker.exists():
        marker.write_text("killed")
        os.kill(os.getpid(), signal.SIGKILL)
    return x * x


def _always_die(x: int) -> int:
    os.kill(os.getpid(), signal.SIGKILL)
    return x


@pytest.mark.exhaustive  # the tournament test kills a worker mid-run in the default run
@pytest.mark.timeout(120)  # a lost worker must never hang the run
def test_a_killed_loky_worker_is_retried(tmp_path: Path) -> None:
    marker = tmp_path / "killed"
    done: list[int] = []
    with executor("processes:2") as ex:
        out = map_retrying(ex, _die_once, [(marker, x) for x in range(4)],
                           on_done=lambda i, _: done.append(i))
    assert marker.exists()  # the worker really died once
    assert out == [0, 1, 4, 9]
    assert sorted(done) == [0, 1, 2, 3]


@pytest.mark.timeout(120)  # a lost worker must never hang the run
def test_a_worker_that_always_dies_is_a_clear_error() -> None:
    with executor("processes:1") as ex, pytest.raises(WorkerLost, match="lost its worker 2 times"):
        map_retrying(ex, _always_die, [7], retries=1)


def test_map_retrying_passes_task_errors_through() -> None:
    with pytest.raises(ValueError, match="invalid literal"):
        map_retrying(SerialExecutor(), int, ["1", "x"])


def test_a_local_pool_is_bounded_by_the_machine() -> None:
    """processes:N and dask:N start N processes here: an absurd N is refused, not started."""
    from sml150.parallel import MAX_LOCAL_WORKERS

    assert parse_spec(f"processes:{MAX_LOCAL_WORKERS}").workers == MAX_LOCAL_WORKERS
    assert parse_spec("processes:0002") == ExecutorSpec("processes", 2)
    for spec in (f"processes:{MAX_LOCAL_WORKERS + 1}", "dask:100000", "processes:" + "9" * 400):
        with pytest.raises(ValueError, match="worker processes on this machine"):
            parse_spec(spec)
    with pytest.raises(ValueError, match="bad executor spec 'processes:000'"):
        parse_spec("processes:000")

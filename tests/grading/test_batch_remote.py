"""Batch grading whose workers cannot see this machine's files: tasks carry data, not paths.

The client reads each submission into a ``Snapshot`` (the grader's bounded copy rules), the
task grades it in a private directory of its worker and returns the row and the report, and
the client writes every file. Proved here without a second machine: the fast tests run each
task through a pickle round trip while the submissions and the output directory are out of
reach (moved away); the exhaustive one starts a real Dask worker under bubblewrap, in a mount
namespace where neither exists, and compares its rows and files with a local run's.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import re
import shutil
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import BrokenExecutor, Executor, Future
from pathlib import Path
from typing import Any, TypeVar

import cloudpickle
import pytest

from sml150.grading import grade, write_handout, write_solution
from sml150.grading._batch import grade_batch
from sml150.grading._sandbox import sandbox_problem
from sml150.grading._submission import copy_submission, read_submission, unpack_snapshot
from sml150.parallel import SerialExecutor

T = TypeVar("T")

TASKS = ("6.1",)
"""A quick HW10 task: AlphaBeta's compare_ab (8 points)."""


def _tree(root: Path) -> dict[str, bytes]:
    """Every regular file under ``root`` by relative path, with its bytes."""
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file() and not p.is_symlink()}


def _hostile(src: Path, outside: Path) -> Path:
    """A submission with every kind of entry the copy rules leave out, and some it keeps."""
    (src / "pkg").mkdir(parents=True)
    (src / "las.py").write_text("x = 1\n")
    (src / "pkg" / "helper.py").write_text("y = 2\n")
    (src / os.fsdecode(b"odd-\xff.py")).write_text("z = 3\n")
    for hidden in (".git", "__pycache__"):
        (src / hidden).mkdir()
        (src / hidden / "junk.py").write_text("junk\n")
    outside.parent.mkdir(parents=True, exist_ok=True)
    outside.write_text("REFERENCE = 'the course solution'\n")
    (src / "link.py").symlink_to(outside)
    (src / "linkdir").symlink_to(outside.parent, target_is_directory=True)
    os.link(outside, src / "hard.py")
    os.mkfifo(src / "fifo.py")
    (src / "big.py").write_bytes(b"#" * 5000)  # over the (patched) 1000-byte limit
    for i in range(5):  # two past the (patched) 6-file limit, with the files above
        (src / "pkg" / f"m{i}.py").write_text(f"m = {i}\n")
    return src


def test_a_snapshot_keeps_and_notes_what_the_copy_keeps_and_notes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """read + unpack == copy: the same files, the same notes; copying the unpacked tree again
    notes nothing (so a worker's run of the grader on it adds no note of its own)."""
    monkeypatch.setattr("sml150.grading._submission.MAX_SUBMISSION_BYTES", 1000)
    monkeypatch.setattr("sml150.grading._submission.MAX_SUBMISSION_FILES", 6)
    src = _hostile(tmp_path / "src", tmp_path / "elsewhere" / "secret.py")
    snap = read_submission(src)
    copied_notes = copy_submission(src, tmp_path / "copy")
    assert list(snap.notes) == copied_notes
    assert len(copied_notes) == 7  # link, linkdir, hard, fifo, big, two past the file limit
    assert not any("junk" in n or "secret" in n for n in copied_notes)
    unpack_snapshot(cloudpickle.loads(cloudpickle.dumps(snap)), tmp_path / "unpacked")
    assert _tree(tmp_path / "unpacked") == _tree(tmp_path / "copy")
    assert len(_tree(tmp_path / "copy")) == 6
    assert snap.size == sum(len(b) for b in _tree(tmp_path / "copy").values())
    assert copy_submission(tmp_path / "unpacked", tmp_path / "again") == []
    assert _tree(tmp_path / "again") == _tree(tmp_path / "copy")


class _Remote(Executor):
    """Runs each task here, at submit, as a worker on another machine would see it.

    The task and its result cross a cloudpickle round trip, and while it runs the directories
    ``hidden`` are moved away (so a task that opens one of them fails): what it needs must be
    in its message. ``lose`` names tasks (by submission count) whose worker "dies".
    """

    def __init__(self, hidden: list[Path], lose: frozenset[int] = frozenset()) -> None:
        self.hidden, self.lose, self.submitted = hidden, lose, 0

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        self.submitted += 1
        future: Future[T] = Future()
        if self.submitted in self.lose:
            future.set_exception(BrokenExecutor("its worker died"))
            return future
        message = cloudpickle.dumps((fn, args, kwargs))
        with self._away():
            f, a, k = cloudpickle.loads(message)
            result = cloudpickle.dumps(f(*a, **k))
        future.set_result(cloudpickle.loads(result))
        return future

    @contextlib.contextmanager
    def _away(self) -> Iterator[None]:
        moved = [(p, p.with_name(f"{p.name}-away-{uuid.uuid4().hex}")) for p in self.hidden]
        for p, away in moved:
            p.rename(away)
        try:
            yield
        finally:
            for p, away in moved:
                away.rename(p)


def _seconds_blanked(report: str) -> str:
    """A report with its run time (``Total: ... (1.2 s)``), the one thing runs differ in."""
    return re.sub(r"\(\d+\.\d s\)\n\Z", "(- s)\n", report)


def _class(root: Path) -> Path:
    """ann: the reference; bob: the starter, with a symbolic link and a FIFO left out."""
    subs = root / "class"
    write_solution("hw10", subs / "ann")
    write_handout("hw10", subs / "bob")
    (subs / "bob" / "las.py").unlink()
    (subs / "bob" / "las.py").symlink_to(subs / "ann" / "las.py")
    (subs / "bob" / "jamboree.py").unlink()
    os.mkfifo(subs / "bob" / "jamboree.py")
    return subs


def test_a_batch_task_needs_neither_the_submissions_nor_the_output_directory(
        tmp_path: Path) -> None:
    """Each report is the one ``grade`` prints for that student's directory (named by its path
    here, with the same notes), though the tasks ran with the class and ``out`` out of reach;
    students go in groups (here one each); a second run submits nothing."""
    subs, out = _class(tmp_path), tmp_path / "grades"
    out.mkdir()
    remote = _Remote([subs, out])
    rows = grade_batch("hw10", subs, ex=remote, out=out, tasks=TASKS, sandbox=False,
                       max_bytes=1)
    assert remote.submitted == 2
    assert [(r.student, r.total, r.status) for r in rows] == [("ann", 8.0, "graded"),
                                                             ("bob", 0.0, "graded")]
    for name in ("ann", "bob"):
        text = io.StringIO()
        grade("hw10", subs / name, text=True, out=text, sandbox=False, tasks=TASKS, jobs=1)
        assert _seconds_blanked((out / f"{name}.txt").read_text()) == _seconds_blanked(
            text.getvalue())
        assert (out / f"{name}.json").exists()
    bob = (out / "bob.txt").read_text()
    # named by its path here (the heading may wrap a long path onto a line of its own)
    assert bob.startswith("sml150 grade hw10:") and f"{subs / 'bob'}\n" in bob
    assert "note: skipped jamboree.py: not a regular file" in bob
    assert "note: skipped las.py: a symbolic link" in bob
    again = grade_batch("hw10", subs, ex=remote, out=out, tasks=TASKS, sandbox=False)
    assert again == rows and remote.submitted == 2


def test_a_student_whose_worker_is_lost_is_a_lost_row_and_nothing_is_written(
        tmp_path: Path) -> None:
    subs, out = tmp_path / "class", tmp_path / "grades"
    (subs / "ann").mkdir(parents=True)
    remote = _Remote([subs], lose=frozenset({1, 2, 3}))  # the first try and both retries
    [row] = grade_batch("hw10", subs, ex=remote, out=out, tasks=("5.1",), sandbox=False)
    assert row.status == "lost: its worker died (BrokenExecutor)"
    assert sorted(p.name for p in out.iterdir()) == ["grades.csv"]


# -- a real Dask worker that sees neither the submissions nor the output ---------------------


@pytest.fixture
def blind_worker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A local scheduler's address, with one worker (one thread) under bubblewrap: the whole
    file system read-only, but a fresh, empty ``/tmp`` and test directory (so no submission,
    no output directory), the network shared (it reaches the scheduler on loopback)."""
    pytest.importorskip("distributed")
    from distributed import Client, LocalCluster

    if shutil.which("bwrap") is None or sandbox_problem("bwrap") is not None:
        pytest.skip("needs bubblewrap, to hide the submissions from the worker")
    base = tmp_path_factory.getbasetemp().resolve()
    cmd = ["bwrap", "--ro-bind", "/", "/", "--tmpfs", "/tmp", "--tmpfs", str(base),
           "--dev", "/dev", "--proc", "/proc", "--unshare-pid", "--die-with-parent",
           "--chdir", "/tmp", sys.executable, "-m", "distributed.cli.dask_worker"]
    with LocalCluster(  # type: ignore[no-untyped-call]  # distributed: no annotations
        n_workers=0, processes=True, host="127.0.0.1", dashboard_address=None,
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}, silence_logs=logging.ERROR,
    ) as cluster:
        address: str = cluster.scheduler_address
        worker = subprocess.Popen([*cmd, address, "--nworkers", "1", "--nthreads", "1"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            with Client(address) as client:  # type: ignore[no-untyped-call]  # distributed's constructors carry no annotations
                client.wait_for_workers(1, timeout=60)
            yield address
        finally:
            worker.terminate()
            worker.wait(30)


@pytest.mark.exhaustive  # a worker started, a class graded twice with its sandbox: ~15 s
@pytest.mark.timeout(300)
def test_a_class_graded_on_a_worker_that_cannot_see_it_is_graded_as_here(
        tmp_path: Path, blind_worker: str) -> None:
    from sml150.parallel import executor
    from tests.parallel.batch_fixtures import TASKS as CLASS_TASKS
    from tests.parallel.batch_fixtures import make_class

    subs = make_class(tmp_path)  # ann: the reference, bob: the starter, cat: kills its worker
    _hostile(subs / "dan", tmp_path / "elsewhere" / "secret.py")
    here, there = tmp_path / "here", tmp_path / "there"
    there.mkdir()
    local = grade_batch("hw10", subs, ex=SerialExecutor(), out=here, tasks=CLASS_TASKS,
                        sandbox=True)
    with executor(f"dask:{blind_worker}") as ex:
        assert ex.submit(os.path.exists, str(subs)).result() is False
        assert ex.submit(os.path.exists, str(there)).result() is False
        remote = grade_batch("hw10", subs, ex=ex, out=there, tasks=CLASS_TASKS,
                             sandbox=True)
    assert remote == local
    assert [(r.student, r.scores, r.status) for r in remote] == [
        ("ann", {"5.1": 4.0, "6.1": 8.0}, "graded"), ("bob", {"5.1": 0.0, "6.1": 0.0}, "graded"),
        ("cat", {"5.1": 0.0, "6.1": 8.0}, "graded"), ("dan", {"5.1": 0.0, "6.1": 0.0}, "graded")]
    assert sorted(p.name for p in there.iterdir()) == sorted(p.name for p in here.iterdir())
    assert (there / "grades.csv").read_bytes() == (here / "grades.csv").read_bytes()
    for name in ("ann", "bob", "cat", "dan"):
        assert (there / f"{name}.json").read_bytes() == (here / f"{name}.json").read_bytes()
        assert _seconds_blanked((there / f"{name}.txt").read_text()) == _seconds_blanked(
            (here / f"{name}.txt").read_text())
    assert "note: skipped fifo.py: not a regular file" in (there / "dan.txt").read_text()

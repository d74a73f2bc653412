"""A fault of the grader or its machine is a grader error, never points lost.

No space left to copy the submission, a worker that cannot start, a check that crashes: each
ends the run with ``GradeReport.ok`` false, exit status 1, an Autolab line and a Gradescope
``results.json`` that say so, and a batch row ``error: ...`` that the next run grades again.
Submission files that are not plain files (hard links, pseudo-files) are left out by what is
read, not by what they claim.
"""

from __future__ import annotations

import errno
import io
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

import sml150.grading._submission
from sml150.grading import autolab_line, grade, grade_command, write_solution
from sml150.grading._report import GRADER_ERROR
from sml150.grading._sandbox import copy_submission


def _no_space(*_args: Any, **_kwargs: Any) -> int:
    raise OSError(errno.ENOSPC, "No space left on device")


def _check_error(report: Any, tmp_path: Path) -> None:
    assert not report.ok
    assert any("grader error" in n for n in report.notes), report.notes
    line = json.loads(autolab_line(report))
    assert line["grader_error"].startswith("GRADER ERROR")


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("ref10")
    write_solution("hw10", d)
    return d


def test_no_space_to_copy_is_a_grader_error(reference: Path, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sml150.grading._submission._copy_bounded", _no_space)
    out = io.StringIO()
    report = grade("hw10", reference, tasks=["5.7"], out=out, sandbox=False, autolab=True,
                   gradescope=tmp_path / "results.json")
    _check_error(report, tmp_path)
    assert all(t.reason.startswith("not run: grader error") for t in report.tasks[0].tests)
    assert GRADER_ERROR in out.getvalue()
    assert json.loads(out.getvalue().splitlines()[-1])["grader_error"]  # the last line
    results = json.loads((tmp_path / "results.json").read_text())
    assert results["output"].startswith("GRADER ERROR")
    assert grade_command("hw10", reference, quiet=True, no_sandbox=True, tasks=["5.7"],
                         out=io.StringIO()) == 1


def test_a_worker_that_cannot_start_is_a_grader_error(reference: Path, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def __init__(self, *_args: Any, **_kwargs: Any) -> None:
            raise OSError(errno.EAGAIN, "Resource temporarily unavailable")

    monkeypatch.setattr("sml150.grading._engine.WorkerSession", Broken)
    report = grade("hw10", reference, tasks=["5.7"], out=io.StringIO(), sandbox=False)
    _check_error(report, tmp_path)


def test_a_check_that_crashes_is_a_grader_error(reference: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from sml150.grading._checks import CHECKS

    def crash(*_args: Any) -> Any:
        raise KeyError("a grader bug")

    monkeypatch.setitem(CHECKS, "las", crash)
    report = grade("hw10", reference, tasks=["5.7"], out=io.StringIO(), sandbox=False)
    _check_error(report, tmp_path)


def test_a_grader_error_in_a_batch_is_an_error_row_and_is_regraded(
        reference: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sml150.grading._batch import grade_batch
    from sml150.parallel import SerialExecutor

    subs, out = tmp_path / "class", tmp_path / "out"
    shutil.copytree(reference, subs / "ann")
    monkeypatch.setattr("sml150.grading._submission._copy_bounded", _no_space)
    [row] = grade_batch("hw10", subs, ex=SerialExecutor(), out=out, tasks=["5.7"],
                        sandbox=False)
    assert row.status.startswith("error: ")
    assert "GRADER ERROR" in (out / "ann.txt").read_text()
    assert not (out / "ann.json").exists()  # not finished: the next run regrades


def test_a_grader_error_reading_a_batch_submission_is_an_error_row(
        reference: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The batch reads each submission itself (to send it to a worker): a fault of its
    machine there is the student's error row too, never the class's end."""
    from sml150.grading._batch import grade_batch
    from sml150.parallel import SerialExecutor

    subs, out = tmp_path / "class", tmp_path / "out"
    shutil.copytree(reference, subs / "ann")
    shutil.copytree(reference, subs / "bob")
    real = sml150.grading._submission._read_bounded

    def eio_for_ann(path: Path, limit: int) -> bytes:
        if "ann" in path.parts:
            raise OSError(errno.EIO, "Input/output error")
        return real(path, limit)

    monkeypatch.setattr("sml150.grading._submission._read_bounded", eio_for_ann)
    ann, bob = grade_batch("hw10", subs, ex=SerialExecutor(), out=out, tasks=["5.7"],
                           sandbox=False)
    assert ann.status == ("error: GraderFault: copying the submission: "
                          "Input/output error"), ann
    assert (out / "ann.txt").read_text() == ann.status + "\n"
    assert not (out / "ann.json").exists()
    assert (bob.status, bob.total) == ("graded", 10.0)


def test_hard_links_and_pseudo_files_are_left_out(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "las.py").write_text("x = 1\n")
    secret = tmp_path / "secret.py"
    secret.write_text("REFERENCE = 'the course solution'\n")
    os.link(secret, src / "alphabeta.py")  # a hard link to a file elsewhere
    os.mkfifo(src / "jamboree.py")
    notes = copy_submission(src, tmp_path / "dst")
    assert sorted(p.name for p in (tmp_path / "dst").iterdir()) == ["las.py"]
    assert any("alphabeta.py: a hard link" in n for n in notes)
    assert any("jamboree.py: not a regular file" in n for n in notes)


def test_a_file_larger_than_it_says_is_bounded_by_what_is_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``/proc``-like file reports size 0; the copy counts the bytes it reads."""
    monkeypatch.setattr("sml150.grading._submission.MAX_SUBMISSION_BYTES", 1000)
    src = tmp_path / "src"
    src.mkdir()
    (src / "big.py").write_bytes(b"#" * 5000)
    real_stat = Path.lstat

    def lying_lstat(self: Path) -> os.stat_result:
        st = real_stat(self)
        return os.stat_result((*st[:6], 0, *st[7:]))  # st_size 0, as /proc says

    monkeypatch.setattr(Path, "lstat", lying_lstat)
    notes = copy_submission(src, tmp_path / "dst")
    assert notes == ["skipped big.py: more than 1000 bytes"]
    assert not (tmp_path / "dst" / "big.py").exists()


def test_a_check_that_crashes_in_a_worker_of_its_own_is_a_grader_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Task 4.2's cases run in workers of their own (``_run_alone``): the same rule holds."""
    from sml150.grading._checks import CHECKS

    def crash(*_args: Any) -> Any:
        raise KeyError("a grader bug")

    write_solution("hw11", tmp_path)
    monkeypatch.setitem(CHECKS, "tests_pass", crash)
    report = grade("hw11", tmp_path, tasks=["4.2"], out=io.StringIO(), sandbox=False)
    _check_error(report, tmp_path)

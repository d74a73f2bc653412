"""Batch grading from the command line (the grading itself is tested on Dask: test_dask.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sml150.cli import main


def _record(out: Path, subs: Path, name: str, total: float) -> None:
    """A finished student's record, as an earlier run left it for their files as they are."""
    from sml150.grading._batch import submission_key
    from sml150.grading._submission import read_submission

    out.mkdir(exist_ok=True)
    (out / f"{name}.json").write_text(json.dumps(
        {"student": name, "scores": {"5.1": total / 3, "6.1": total * 2 / 3},
         "total": total, "status": "graded",
         "submission": submission_key("hw10", read_submission(subs / name), None)}))


def test_cli_batch_gathers_finished_students_into_the_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    subs, out = tmp_path / "class", tmp_path / "grades"
    for name, total in (("ann", 12.0), ("bob", 0.0)):
        (subs / name).mkdir(parents=True)
        _record(out, subs, name, total)
    assert main(["grade", "hw10", str(subs), "--batch", "--executor", "processes:2",
                 "--out", str(out)]) == 0
    assert "2 students (0 graded now, 2 unchanged" in capsys.readouterr().out
    assert (out / "grades.csv").read_text().splitlines() == [
        "student,5.1,6.1,total,status,similar", "ann,4.0,8.0,12.0,graded,",
        "bob,0.0,0.0,0.0,graded,"]


def test_a_student_whose_files_changed_is_graded_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    subs, out = tmp_path / "class", tmp_path / "grades"
    for name in ("ann", "bob", "cid"):
        (subs / name).mkdir(parents=True)
        (subs / name / "las.py").write_text("# nothing yet\n")
        _record(out, subs, name, 12.0)
    (subs / "bob" / "las.py").write_text("# changed after the first grade\n")
    (out / "cid.json").write_text(json.dumps(  # an older run's record: no key, so stale
        {"student": "cid", "scores": {"5.1": 4.0}, "total": 4.0, "status": "graded"}))
    args = ["grade", "hw10", str(subs), "--batch", "--out", str(out), "--no-sandbox",
            "--task", "5.1"]
    assert main(args) == 0
    assert "3 students (3 graded now" in capsys.readouterr().out  # --task: another key
    assert main(args) == 0
    assert "3 students (0 graded now, 3 unchanged" in capsys.readouterr().out
    (subs / "bob" / "las.py").write_text("# changed again\n")
    assert main(args) == 0
    assert "3 students (1 graded now, 2 unchanged" in capsys.readouterr().out
    assert main([*args, "--regrade"]) == 0
    assert "3 students (3 graded now, 0 unchanged" in capsys.readouterr().out


def test_cli_batch_refuses_a_bad_executor(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["grade", "hw10", str(tmp_path), "--batch", "--executor", "gpu"]) == 2
    assert "bad executor spec 'gpu'" in capsys.readouterr().err


def test_batch_refuses_to_grade_a_class_without_the_sandbox(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sml150.grading._batch import batch_command

    subs, out = tmp_path / "class", tmp_path / "grades"
    (subs / "ann").mkdir(parents=True)
    assert batch_command("hw10", subs, executor_spec="serial", out=out,
                         bwrap="/nonexistent/bwrap") == 3
    err = capsys.readouterr().err
    assert "refusing to grade a class without a sandbox" in err
    assert "--no-sandbox" in err
    assert not (out / "ann.txt").exists()  # nobody was graded


def test_batch_grades_each_student_one_sandbox_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One executor worker is one core's work: a student's tasks are graded with jobs=1."""
    from sml150 import grading
    from sml150.grading._batch import grade_batch
    from sml150.grading._engine import grade_tasks
    from sml150.parallel import SerialExecutor

    seen: list[int] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(args[4] if len(args) > 4 else kwargs.get("jobs", 2))
        return grade_tasks(*args, **kwargs)

    monkeypatch.setattr("sml150.grading._grade.grade_tasks", spy)
    subs = tmp_path / "class"
    for name in ("ann", "bob"):
        (subs / name).mkdir(parents=True)
    rows = grade_batch("hw10", subs, ex=SerialExecutor(), tasks=("6.1",), sandbox=False)
    assert [r.student for r in rows] == ["ann", "bob"]
    assert seen == [1, 1]
    with pytest.raises(ValueError, match="jobs must be >= 1"):
        grading.grade("hw10", subs / "ann", text=False, sandbox=False, jobs=0)

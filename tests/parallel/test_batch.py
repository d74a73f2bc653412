"""Batch grading: one row per student, a crash costs only its own tasks, re-runs skip."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from sml150.cli import main
from sml150.grading._batch import grade_batch
from sml150.parallel import executor

from .batch_fixtures import TASKS, make_class


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("class")
    subs = make_class(root)
    with executor("serial") as ex:
        grade_batch("hw10", subs, ex=ex, tasks=TASKS)
    return subs, root / "submissions-grades"


def test_one_row_per_student_and_crashes_cost_only_their_tasks(graded: tuple[Path, Path]) -> None:
    _, out = graded
    rows = list(csv.DictReader((out / "grades.csv").open()))
    assert [r["student"] for r in rows] == ["ann", "bob", "cat"]
    by = {r["student"]: r for r in rows}
    assert (by["ann"]["5.1"], by["ann"]["6.1"], by["ann"]["total"]) == ("4.0", "8.0", "12.0")
    assert by["bob"]["total"] == "0.0"
    assert (by["cat"]["5.1"], by["cat"]["6.1"]) == ("0.0", "8.0")
    assert all(r["status"] == "graded" for r in rows)
    for name in ("ann", "bob", "cat"):
        assert "5.1" in (out / f"{name}.txt").read_text()


def test_rerun_skips_finished_students(graded: tuple[Path, Path], tmp_path: Path) -> None:
    subs, out = graded
    before = {p.name: p.stat().st_mtime_ns for p in out.glob("*.txt")}
    seen: list[str] = []
    with executor("serial") as ex:
        rows = grade_batch("hw10", subs, ex=ex, tasks=TASKS, on_done=lambda r: seen.append(
            r.student))
    assert seen == []
    assert [r.student for r in rows] == ["ann", "bob", "cat"]
    assert {p.name: p.stat().st_mtime_ns for p in out.glob("*.txt")} == before


def test_cli_batch_reports_and_writes_the_csv(
    graded: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    subs, out = graded  # every student is finished: the command only gathers the table
    assert main(["grade", "hw10", str(subs), "--batch", "--executor", "processes:2",
                 "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "3 students (0 graded now), 0 with problems" in said
    assert (out / "grades.csv").exists()


def test_cli_batch_refuses_a_bad_executor(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["grade", "hw10", str(tmp_path), "--batch", "--executor", "gpu"]) == 2
    assert "bad executor spec 'gpu'" in capsys.readouterr().err

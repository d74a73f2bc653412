"""Whole grading runs: the reference scores full marks, the starter zero, each mutant loses
points on exactly the tasks it breaks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from sml150.grading import GradeReport, grade, write_solution
from sml150.grading._handout import homework
from sml150.grading._mutants import (
    AstMutant,
    Mutant,
    any_mutant_source,
    grade_in_process,
    mutants,
)

POINTS = {
    "hw10": {"5.1": 4, "5.2": 7, "5.3": 8, "5.4": 8, "5.5": 8, "5.6": 16, "5.7": 10, "5.8": 10,
             "6.1": 8, "6.2": 18, "6.3": 18, "6.4": 4, "7.2": 5, "7.3": 25, "7.4": 1},
    "hw11": {"2.1": 2, "3.1": 3, "3.2": 5, "3.3": 5, "4.1": 40, "4.2": 5, "5.1": 1, "5.2": 20,
             "5.3": 4, "6.2": 3, "6.3": 10, "6.4": 2},
}


@pytest.mark.parametrize("hw", ["hw10", "hw11"])
def test_the_handouts_points(hw: str) -> None:
    assert {t.id: t.points for t in homework(hw)[1]} == POINTS[hw]


@pytest.mark.parametrize("hw", ["hw10", "hw11"])
def test_reference_scores_full_marks(graded: Callable[[str, str], GradeReport], hw: str) -> None:
    report = graded(hw, "reference")
    failed = [(t.id, x.name, x.reason) for t in report.tasks for x in t.tests if not x.passed]
    assert failed == []
    assert report.total == report.max_total == sum(POINTS[hw].values())
    assert report.notes == ()
    for task in report.tasks:
        assert any(x.hidden for x in task.tests) or task.id == "4.2"
        assert any(not x.hidden for x in task.tests)


@pytest.mark.parametrize("hw", ["hw10", "hw11"])
def test_starter_scores_zero(graded: Callable[[str, str], GradeReport], hw: str) -> None:
    report = graded(hw, "starter")
    assert report.total == 0
    assert report.notes == ()
    assert all(t.score == 0 and t.tests for t in report.tasks)


ALL_MUTANTS = [m for hw in ("hw10", "hw11") for m in mutants(hw)]


@pytest.mark.parametrize("mutant", ALL_MUTANTS, ids=[f"{m.hw}: {m.name}" for m in ALL_MUTANTS])
def test_mutant_loses_exactly_its_tasks(mutant: Mutant | AstMutant, tmp_path: Path) -> None:
    # The grading logic, in a forked child without the sandbox (the mutants are trusted code):
    # the same cases and comparisons as `grade`, about 8x cheaper than a sandboxed run.
    write_solution(mutant.hw, tmp_path, {mutant.module: any_mutant_source(mutant)})
    result = grade_in_process(mutant.hw, tmp_path)
    assert not result["timeout"]
    lost = {task for task, (passed, run) in result["scores"].items() if passed < run}
    assert lost == mutant.breaks


FIRST_MUTANTS = [next(m for m in ALL_MUTANTS if m.hw == hw) for hw in ("hw10", "hw11")]


@pytest.mark.parametrize("mutant", FIRST_MUTANTS, ids=[m.hw for m in FIRST_MUTANTS])
def test_mutant_loses_exactly_its_tasks_in_the_sandbox(mutant: Mutant | AstMutant,
                                                       tmp_path: Path) -> None:
    write_solution(mutant.hw, tmp_path, {mutant.module: any_mutant_source(mutant)})
    report = grade(mutant.hw, tmp_path, text=False)
    lost = {t.id for t in report.tasks if t.score < t.max_points}
    assert lost == mutant.breaks
    assert report.notes == ()


def test_mutants_fit_the_reference() -> None:
    for m in ALL_MUTANTS:
        assert any_mutant_source(m) != ""  # raises if the patch no longer applies

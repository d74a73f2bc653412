"""Whole grading runs: the reference scores full marks, the starter zero, each mutant loses
points on exactly the tasks it breaks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from sml150.grading import GradeReport, grade, write_solution
from sml150.grading._handout import homework, load
from sml150.grading._inprocess import grade_in_process
from sml150.grading._mutants import AstMutant, Mutant, any_mutant_source

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


ALL_MUTANTS = [m for hw in ("hw10", "hw11") for m in load(hw).mutants]


@pytest.mark.parametrize("mutant", ALL_MUTANTS, ids=[f"{m.hw}: {m.name}" for m in ALL_MUTANTS])
def test_mutant_loses_exactly_its_tasks(mutant: Mutant | AstMutant, tmp_path: Path) -> None:
    # The grading logic, in a forked child without the sandbox (the mutants are trusted code):
    # the same cases and comparisons as `grade`, about 8x cheaper than a sandboxed run.
    # Only the tasks whose cases reach the mutated module are graded: the others cannot change
    # (benchmarks/grading_power.AFFECTS, checked against the imports by
    # test_affects_lists_every_task_that_imports_a_module).
    from benchmarks.grading_power import AFFECTS

    write_solution(mutant.hw, tmp_path, {mutant.module: any_mutant_source(mutant)})
    result = grade_in_process(mutant.hw, tmp_path, tasks=AFFECTS[mutant.hw][mutant.module])
    assert not result["timeout"]
    lost = {task for task, (passed, run) in result["scores"].items() if passed < run}
    assert lost == mutant.breaks


FIRST_MUTANTS = [next(m for m in ALL_MUTANTS if m.hw == hw) for hw in ("hw10", "hw11")]


@pytest.mark.exhaustive  # the in-process runs check every mutant; the graded reference and
# starter (``graded``) run every task in the sandbox: this one confirms they agree (10-17 s each)
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


def _modules_in(expr: object) -> set[str]:
    """The homework modules an expression names (``["mod", name]``)."""
    if isinstance(expr, list):
        if len(expr) == 2 and expr[0] == "mod" and isinstance(expr[1], str):
            return {expr[1]}
        return set().union(*(_modules_in(x) for x in expr)) if expr else set()
    return set()


def _case_modules(case: object) -> set[str]:
    from sml150.grading._match import EstimateMatch

    found = set().union(*(_modules_in(e) for e in getattr(case, "exprs", ()))) \
        if getattr(case, "exprs", ()) else set()
    driver = getattr(case, "driver", None)
    for cell in getattr(driver, "__closure__", None) or ():
        if isinstance(cell.cell_contents, EstimateMatch):
            m = cell.cell_contents
            found |= _modules_in(m.estimate_expr(m.game.start))
    return found


@pytest.mark.parametrize("hw", ["hw10", "hw11"])
def test_affects_lists_every_task_that_imports_a_module(hw: str) -> None:
    """A mutant of a module is graded on ``AFFECTS`` only: every task reaching it is there."""
    import ast

    from benchmarks.grading_power import AFFECTS
    from sml150.grading._handout import homework
    from sml150.grading._starter import reference_source, solution_source

    modules, tasks = homework(hw)
    names = {m.name for m in modules}
    imports = {}
    for name in names:
        tree = ast.parse(solution_source(reference_source(hw, name)))
        imports[name] = {n.module for n in ast.walk(tree)
                         if isinstance(n, ast.ImportFrom) and n.module in names}

    def closure(start: set[str]) -> set[str]:
        seen, todo = set(start), list(start)
        while todo:
            for dep in imports[todo.pop()]:
                if dep not in seen:
                    seen.add(dep)
                    todo.append(dep)
        return seen

    for task in tasks:
        reached = closure(set().union(*(_case_modules(c) for c in task.cases())))
        assert reached or task.id == "4.2", f"Task {task.id} reaches no module?"
        for module in reached:
            assert task.id in AFFECTS[hw][module], f"{hw} {module}: Task {task.id} missing"
